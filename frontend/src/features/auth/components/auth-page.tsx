import { Lock } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { StationName } from '@/components/station-name';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AccountBenefits } from './account-benefits';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type AuthPageProps = {
  /** The station lets visitors create an account (dj_settings.registrationEnabled). */
  registrationEnabled: boolean;
};

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
            Een account is nodig om verzoekjes aan te vragen, voicetracks op te nemen en je
            verzoekgeschiedenis te bekijken. Zo voorkomen we ook misbruik.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
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
