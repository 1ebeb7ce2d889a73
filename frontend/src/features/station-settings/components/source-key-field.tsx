import {
  SETTINGS_FIELD_LABELS,
  type AdminSettings,
  type StationSourceName,
} from '@radio/contracts';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SOURCES, type FormValues } from '../lib/settings-values';

type SourceKeyFieldProps = {
  id: string;
  which: StationSourceName;
  saved: AdminSettings;
  values: FormValues;
  error: string | undefined;
  set: (change: Partial<FormValues>) => void;
};

/** A source's write-only API key: whether one is stored (never the key), a new one, or clear it. */
export function SourceKeyField({ id, which, saved, values, error, set }: SourceKeyFieldProps) {
  const source = SOURCES[which];
  const keySet = saved[source.keySet];
  const keyStatus = values[source.clear]
    ? 'wordt gewist'
    : values[source.key] !== ''
      ? 'wordt vervangen'
      : keySet
        ? 'ingesteld'
        : 'niet ingesteld';
  return (
    <div className="grid gap-2">
      <FormField
        id={id}
        label={SETTINGS_FIELD_LABELS[source.key]}
        status={{ text: keyStatus, variant: keySet ? 'secondary' : 'outline' }}
        error={error}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            placeholder={keySet ? 'Nieuwe sleutel (leeg: blijft zoals hij is)' : 'Sleutel'}
            value={values[source.key]}
            disabled={values[source.clear]}
            onChange={(event) => set({ [source.key]: event.target.value })}
          />
        )}
      </FormField>
      {keySet && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={values[source.clear]}
            onChange={(event) => set({ [source.clear]: event.target.checked, [source.key]: '' })}
          />
          Sleutel wissen
        </label>
      )}
    </div>
  );
}
