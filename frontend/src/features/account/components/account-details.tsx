import { ROLE_LABELS, type User } from '@radio/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

function formatMemberSince(isoDate: string, timeZone: string): string {
  return new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone }).format(
    new Date(isoDate),
  );
}

/** Name, e-mail, role and member-since date, with the date in the station's time zone. */
export function AccountDetails({ user, timeZone }: { user: User; timeZone: string }) {
  const details = [
    { label: 'Naam', value: user.name.trim() || '—' },
    { label: 'E-mailadres', value: user.email },
    { label: 'Rol', value: ROLE_LABELS[user.role] },
    {
      label: 'Lid sinds',
      value: <time dateTime={user.createdAt}>{formatMemberSince(user.createdAt, timeZone)}</time>,
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Accountgegevens</CardTitle>
        <CardDescription>Zo kent de studio je.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {details.map(({ label, value }) => (
            <div key={label} className="grid content-start gap-0.5">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="font-semibold break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
