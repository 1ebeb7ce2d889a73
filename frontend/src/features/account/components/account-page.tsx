import { KeyRound, UserRound } from 'lucide-react';
import { ROLE_LABELS, type User } from '@radio/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ComingSoon, Page } from '@/components/ui/page';

const memberSinceFormat = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long' });

export function AccountPage({ user }: { user: User }) {
  const details = [
    { label: 'Naam', value: user.name },
    { label: 'E-mailadres', value: user.email },
    { label: 'Rol', value: ROLE_LABELS[user.role] },
    { label: 'Lid sinds', value: memberSinceFormat.format(new Date(user.createdAt)) },
  ];

  return (
    <Page title="Account" icon={UserRound} description="Je gegevens bij de radio.">
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Accountgegevens</CardTitle>
            <CardDescription>Zo kent de studio je.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4">
              {details.map(({ label, value }) => (
                <div key={label} className="grid gap-0.5">
                  <dt className="text-sm text-muted-foreground">{label}</dt>
                  <dd className="font-semibold break-words">{value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <ComingSoon icon={KeyRound} title="E-mailadres en wachtwoord wijzigen">
          Binnenkort pas je hier zelf je e-mailadres en wachtwoord aan.
        </ComingSoon>
      </div>
    </Page>
  );
}
