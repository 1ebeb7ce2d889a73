import { Lock } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { StationName } from '@/components/station-name';
import { useStationInfo } from '@/lib/station-info';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AccountBenefits } from './account-benefits';
import { AuthenticationUnavailable } from './authentication-unavailable';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type AuthPageProps = {
  /** The station lets visitors create an account (dj_settings.registrationEnabled). */
  registrationEnabled: boolean;
};

/** Registration is switched off: say how to get an account instead of leaving a dead end. */
function NoRegistration() {
  const studioContactUrl = useStationInfo().data?.studioContactUrl;
  return (
    <p className="rounded-lg border p-3 text-sm">
      Nog geen account? Registreren kan op dit moment niet. Neem contact op met de studio, dan maken
      we een account voor je aan
      {studioContactUrl ? (
        <>
          :{' '}
          <a
            href={studioContactUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-primary underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            App de studio
          </a>
        </>
      ) : (
        '.'
      )}
    </p>
  );
}

export function AuthPage({ registrationEnabled }: AuthPageProps) {
  useDocumentTitle('Inloggen');
  return (
    <div className="mx-auto grid w-full max-w-6xl items-stretch gap-8 lg:grid-cols-2">
      <Card className="self-start">
        <CardHeader>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            Welkom bij <StationName />
          </h1>
          <CardDescription className="text-base">
            Een account is nodig om verzoekjes aan te vragen, spraakberichten op te nemen en je
            verzoekgeschiedenis te bekijken. Zo voorkomen we ook misbruik.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <AuthenticationUnavailable />
          <Tabs defaultValue="login">
            <TabsList className="w-full">
              <TabsTrigger value="login">Inloggen</TabsTrigger>
              {registrationEnabled && <TabsTrigger value="register">Registreren</TabsTrigger>}
            </TabsList>
            <TabsContent value="login" className="pt-2">
              <LoginForm />
            </TabsContent>
            {registrationEnabled && (
              <TabsContent value="register" className="pt-2">
                <RegisterForm />
              </TabsContent>
            )}
          </Tabs>
          {!registrationEnabled && <NoRegistration />}
          <p className="flex items-start gap-2 rounded-lg bg-muted p-3 text-sm text-muted-foreground">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              We gebruiken alleen je naam en e-mailadres. Je gegevens worden niet gedeeld met
              derden.
            </span>
          </p>
        </CardContent>
      </Card>
      <AccountBenefits />
    </div>
  );
}
