import { useId, useMemo, useState, type FormEvent } from 'react';
import { Search, ShieldCheck, UserX } from 'lucide-react';
import {
  DEFAULT_REQUESTS_PER_HOUR,
  ROLE_LABELS,
  type Role,
  type SetLimitsBody,
  type User,
} from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { useChangeUser, type UserChange } from '../api/change-user';
import { useUsers } from '../api/get-users';

const PAGE_SIZE = 20;

const FAILURE_TITLES: Record<UserChange['kind'], string> = {
  active: 'Status niet gewijzigd',
  role: 'Rol niet gewijzigd',
  limits: 'Limieten niet opgeslagen',
};

const displayName = (user: User): string => user.name.trim() || user.email;

const memberSince = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium' });

/** "" is "no limit of their own" (null); anything else must be a whole number of 0 or more. */
function limitValue(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : 'invalid';
}

function LimitsForm({
  user,
  busy,
  onSave,
}: {
  user: User;
  busy: boolean;
  onSave: (limits: SetLimitsBody) => void;
}) {
  const id = useId();
  const [perHour, setPerHour] = useState(user.customRequestsPerHour?.toString() ?? '');
  const [perDay, setPerDay] = useState(user.customRequestsPerDay?.toString() ?? '');
  const [cooldown, setCooldown] = useState(user.customCooldownMinutes?.toString() ?? '');
  const [bypass, setBypass] = useState(user.canBypassLimits);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const values = [perHour, perDay, cooldown].map(limitValue);
    if (values.includes('invalid')) {
      setError('Limiet moet een heel getal van 0 of meer zijn');
      return;
    }
    setError(null);
    const [hour, day, minutes] = values as (number | null)[];
    onSave({
      customRequestsPerHour: hour ?? null,
      customRequestsPerDay: day ?? null,
      customCooldownMinutes: minutes ?? null,
      canBypassLimits: bypass,
    });
  }

  const field = (
    key: string,
    label: string,
    hint: string,
    value: string,
    set: (value: string) => void,
  ) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        inputMode="numeric"
        value={value}
        placeholder={hint}
        aria-describedby={`${id}-${key}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error !== null && limitValue(value) === 'invalid'}
        onChange={(event) => set(event.target.value)}
      />
      <span id={`${id}-${key}-hint`} className="text-xs text-muted-foreground">
        Leeg: {hint}
      </span>
    </div>
  );

  return (
    <form onSubmit={submit} className="grid gap-3" aria-label={`Limieten van ${displayName(user)}`}>
      <div className="grid gap-3 sm:grid-cols-3">
        {field(
          'hour',
          'Verzoekjes per uur',
          `standaard ${DEFAULT_REQUESTS_PER_HOUR}`,
          perHour,
          setPerHour,
        )}
        {field('day', 'Verzoekjes per dag', 'onbeperkt', perDay, setPerDay)}
        {field(
          'cooldown',
          'Cooldown (minuten)',
          'die van de instellingen (180)',
          cooldown,
          setCooldown,
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={bypass}
          onChange={(event) => setBypass(event.target.checked)}
        />
        Mag limieten overslaan
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" className="justify-self-start" disabled={busy}>
        Limieten opslaan
      </Button>
    </form>
  );
}

function UserCard({ user }: { user: User }) {
  const id = useId();
  const name = displayName(user);
  const change = useChangeUser({
    mutationConfig: {
      onSuccess: (updated) =>
        toast({
          title: 'Gebruiker bijgewerkt',
          description: `${displayName(updated)} is bijgewerkt.`,
        }),
      onError: (error, attempted) =>
        toast({
          variant: 'destructive',
          title: FAILURE_TITLES[attempted.kind],
          description: failureMessage(error),
        }),
    },
  });
  return (
    <Card className="grid gap-4 p-4" role="article" aria-label={name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-bold break-words">{name}</h3>
          <p className="text-sm break-all text-muted-foreground">{user.email}</p>
          <p className="text-xs text-muted-foreground">
            Lid sinds {memberSince.format(Date.parse(user.createdAt))}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {user.role === 'admin' && (
            <Badge>
              <ShieldCheck aria-hidden="true" className="size-3" />
              Beheerder
            </Badge>
          )}
          {!user.isActive && (
            <Badge className="border-transparent bg-destructive text-destructive-foreground">
              <UserX aria-hidden="true" className="size-3" />
              Gedeactiveerd
            </Badge>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-role`}>Rol</Label>
          <select
            id={`${id}-role`}
            className="h-9 rounded-md border border-input bg-card px-2 text-sm"
            value={user.role}
            disabled={change.isPending}
            onChange={(event) =>
              change.mutate({ kind: 'role', userId: user.id, role: event.target.value as Role })
            }
          >
            {(Object.keys(ROLE_LABELS) as Role[]).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            role="switch"
            className="size-5 accent-primary"
            checked={user.isActive}
            disabled={change.isPending}
            onChange={() => change.mutate({ kind: 'active', userId: user.id })}
          />
          Actief
        </label>
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-semibold">Limieten</summary>
        <div className="mt-3">
          <LimitsForm
            key={`${user.customRequestsPerHour}-${user.customRequestsPerDay}-${user.customCooldownMinutes}-${user.canBypassLimits}`}
            user={user}
            busy={change.isPending}
            onSave={(limits) => change.mutate({ kind: 'limits', userId: user.id, limits })}
          />
        </div>
      </details>
    </Card>
  );
}

/** The admin's users tab: search, 20 per page, role, active, per-user limits (spec section 2). */
export function UsersPanel() {
  const users = useUsers();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const found = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase('nl-NL');
    return (users.data ?? []).filter(
      (user) =>
        needle === '' ||
        user.name.toLocaleLowerCase('nl-NL').includes(needle) ||
        user.email.toLocaleLowerCase('nl-NL').includes(needle),
    );
  }, [users.data, query]);
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const shown = found.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);

  if (users.isPending) return <Skeleton className="h-64 w-full" />;
  if (!users.data) {
    return (
      <p role="alert" className="text-destructive">
        De gebruikers konden niet worden geladen: {failureMessage(users.error)}
      </p>
    );
  }
  return (
    <section aria-label="Gebruikers" className="grid gap-4">
      <div className="relative max-w-md">
        <Search
          aria-hidden="true"
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Zoek op naam of e-mail"
          placeholder="Zoek op naam of e-mail"
          className="pl-9"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(0);
          }}
        />
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {found.length} {found.length === 1 ? 'gebruiker' : 'gebruikers'}
      </p>
      {shown.map((user) => (
        <UserCard key={user.id} user={user} />
      ))}
      {pages > 1 && <Pager page={page + 1} pages={pages} onPage={(next) => setPage(next - 1)} />}
    </section>
  );
}
