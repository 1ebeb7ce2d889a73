import { useEffect } from 'react';
import { LogIn, PauseCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { forgetPageAfterLogin, rememberPageAfterLogin } from '@/lib/page-after-login';
import type { Requester } from '../hooks/use-request-steps';
import { RequestFlow } from './request-flow';
import { RequestsGate as Gate } from './requests-gate';

export type RequestsContentProps = {
  /** The user or the settings are still loading. */
  isLoading: boolean;
  /** The logged-in user, or null. */
  user: Requester | null;
  requestsEnabled: boolean;
  /** The station is live: no queue lists (the DJ plays requests by hand). */
  isLive: boolean;
  timeZone: string;
};

export function RequestsContent({
  isLoading,
  user,
  requestsEnabled,
  isLive,
  timeZone,
}: RequestsContentProps) {
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
