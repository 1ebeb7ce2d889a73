import { useId } from 'react';
import { ShieldCheck, UserX } from 'lucide-react';
import { ROLE_LABELS, type Role, type User } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';

import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { useChangeUser, type UserChange } from '../api/change-user';
import { displayName } from '../lib/user-display';
import { LimitsForm } from './limits-form';

const FAILURE_TITLES: Record<UserChange['kind'], string> = {
  active: 'Status niet gewijzigd',
  role: 'Rol niet gewijzigd',
  limits: 'Limieten niet opgeslagen',
};

const memberSince = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium' });

/** One account: who, since when, its role, active or not, and its limits. */
export function UserCard({ user }: { user: User }) {
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
        <FormField id={`${id}-role`} label="Rol" className="flex items-center gap-2">
          {({ id: roleId }) => (
            <select
              id={roleId}
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
          )}
        </FormField>
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
