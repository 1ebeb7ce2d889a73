import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_REQUESTS_PER_HOUR, type SetLimitsBody, type User } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { displayName, limitValue } from '../lib/user-display';

/** An account's own request limits (empty: the default) and whether it may skip them. */
export function LimitsForm({
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
    <FormField
      id={`${id}-${key}`}
      label={label}
      hint={`Leeg: ${hint}`}
      invalid={error !== null && limitValue(value) === 'invalid'}
      describedBy={error ? `${id}-error` : undefined}
      className="gap-1.5"
    >
      {(control) => (
        <Input
          {...control}
          inputMode="numeric"
          value={value}
          placeholder={hint}
          onChange={(event) => set(event.target.value)}
        />
      )}
    </FormField>
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
