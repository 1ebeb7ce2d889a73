import { useEffect, type ReactNode } from 'react';
import { LogIn, Music, PauseCircle, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { forgetPageAfterLogin, rememberPageAfterLogin } from '@/lib/page-after-login';
import type { Requester } from '../hooks/use-request-steps';
import { RequestFlow } from './request-flow';

type RequestsPageProps = {
  /** The user or the settings are still loading. */
  isLoading: boolean;
  /** The logged-in user, or null. */
  user: Requester | null;
  requestsEnabled: boolean;
  /** The station is live: no queue lists (the DJ plays requests by hand). */
  isLive: boolean;
  timeZone: string;
};

function Gate({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h2 className="text-xl font-bold">{title}</h2>
      {children}
    </Card>
  );
}

function RequestsContent({
  isLoading,
  user,
  requestsEnabled,
  isLive,
  timeZone,
}: RequestsPageProps) {
  const loggedIn = user !== null;
  useEffect(() => {
    // Back from the login: the note has served.
    if (loggedIn) forgetPageAfterLogin();
  }, [loggedIn]);
  if (isLoading) {
    return (
      <div role="status" aria-label="Laden" className="flex justify-center py-16 text-primary">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (!user) {
    return (
      <Gate icon={LogIn} title="Login Vereist">
        <p className="text-muted-foreground">
          Log in om een verzoekje aan te vragen. Zo weet de DJ van wie het komt.
        </p>
        <Button asChild size="lg">
          {/* A full page load: the server decides where logging in happens. */}
          <a href="/api/login" onClick={() => rememberPageAfterLogin('/verzoekjes')}>
            Inloggen
          </a>
        </Button>
      </Gate>
    );
  }
  if (!requestsEnabled) {
    return (
      <Gate icon={PauseCircle} title="Verzoekjes Momenteel Uitgeschakeld">
        <p className="text-muted-foreground">
          Op dit moment kun je geen verzoekjes aanvragen. Probeer het later nog eens.
        </p>
      </Gate>
    );
  }
  return <RequestFlow user={user} isLive={isLive} timeZone={timeZone} />;
}

export function RequestsPage(props: RequestsPageProps) {
  return (
    <Page
      title="Muziek Verzoekjes"
      icon={Music}
      description="Vraag je favoriete nummer aan en laat de DJ weten voor wie het is."
    >
      <RequestsContent {...props} />
    </Page>
  );
}
