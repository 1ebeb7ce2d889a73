import { useId, useState, type FormEvent } from 'react';
import { Gauge, Library, Radio } from 'lucide-react';
import {
  SETTINGS_FIELD_LABELS,
  SETTINGS_RANGES,
  updateAdminSettingsBodySchema,
  type AdminSettings,
  type SettingsField,
  type SourceTestResult,
  type StationSourceName,
} from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { useUpdateAdminSettings } from '../api/update-admin-settings';
import {
  changesOf,
  sourceChanged,
  valuesOf,
  type FieldErrors,
  type FormValues,
  type NumberField,
  type SourceTests,
} from '../lib/settings-values';
import { SettingsGroup } from './settings-group';
import { SourceFields } from './source-fields';

type SettingsFieldsProps = {
  titleId: string;
  saved: AdminSettings;
  lastSaveTests: SourceTests;
  onSaved: (tests: SourceTests) => void;
};

/** The settings form's fields, checked against the schema and saved as changes only. */
export function SettingsFields({ titleId, saved, lastSaveTests, onSaved }: SettingsFieldsProps) {
  const id = useId();
  const [values, setValues] = useState(() => valuesOf(saved));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tests, setTests] = useState<SourceTests>(lastSaveTests);
  const [saveError, setSaveError] = useState<string | null>(null);
  const set = (change: Partial<FormValues>) => setValues((current) => ({ ...current, ...change }));
  const update = useUpdateAdminSettings({
    mutationConfig: {
      onSuccess: (answer) => {
        const tested = Object.values(answer.sourceTests).map((result) => result.message);
        toast({
          title: 'Instellingen opgeslagen',
          description: tested.length > 0 ? tested.join(' · ') : 'De wijzigingen gelden meteen.',
        });
        onSaved(answer.sourceTests);
      },
      onError: (failure) => {
        setSaveError(failureMessage(failure));
        toast({
          variant: 'destructive',
          title: 'Fout bij bijwerken',
          description: failureMessage(failure),
        });
      },
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaveError(null);
    const parsed = updateAdminSettingsBodySchema.safeParse(changesOf(values, saved));
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as SettingsField | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    if (Object.keys(parsed.data).length === 0) {
      toast({ title: 'Niets gewijzigd', description: 'Er zijn geen wijzigingen om op te slaan.' });
      return;
    }
    update.mutate(parsed.data);
  }

  const inputField = (
    field: 'localStreamUrl' | 'libraryName' | NumberField,
    hint: string,
    inputMode?: 'numeric',
  ) => (
    <FormField
      id={`${id}-${field}`}
      label={SETTINGS_FIELD_LABELS[field]}
      error={errors[field]}
      hint={hint}
    >
      {(control) => (
        <Input
          {...control}
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          value={values[field]}
          onChange={(event) => set({ [field]: event.target.value })}
        />
      )}
    </FormField>
  );
  const numberField = (field: NumberField, unit: string) => {
    const { min, max } = SETTINGS_RANGES[field];
    return inputField(field, `${min} tot en met ${max} ${unit}`, 'numeric');
  };

  const sourceProps = {
    saved,
    values,
    errors,
    set,
    onTested: (which: StationSourceName, result: SourceTestResult) =>
      setTests((current) => ({ ...current, [which]: result })),
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-labelledby={titleId}>
      <SettingsGroup icon={Radio} title="Bronnen">
        <p className="text-sm text-muted-foreground">
          Waar de site afleest wat er speelt. Een gewijzigde bron wordt eerst getest en alleen
          opgeslagen als hij antwoordt. API-sleutels worden nooit getoond.
        </p>
        <SourceFields which="nonstop" result={tests.nonstop} {...sourceProps} />
        <SourceFields which="live" result={tests.live} {...sourceProps} />
      </SettingsGroup>
      <SettingsGroup icon={Library} title="Stream en bibliotheek">
        <div className="grid gap-4 sm:grid-cols-2">
          {inputField(
            'localStreamUrl',
            'Een http(s)-adres of een pad op deze site, zoals /stream/radio.m3u8',
          )}
          {inputField('libraryName', '1 tot en met 100 tekens')}
        </div>
      </SettingsGroup>
      <SettingsGroup icon={Gauge} title="Limieten">
        <div className="grid gap-4 sm:grid-cols-2">
          {numberField('maxRequestsPerIp', 'wachtende verzoekjes')}
          {numberField('maxRequestsPerBrowser', 'wachtende verzoekjes')}
          {numberField('trackCooldownHours', 'uur')}
          {numberField('artistCooldownHours', 'uur')}
        </div>
      </SettingsGroup>
      <div className="grid gap-2">
        <Button type="submit" className="justify-self-start" disabled={update.isPending}>
          {update.isPending
            ? sourceChanged(values, saved)
              ? 'Testen en opslaan…'
              : 'Opslaan…'
            : 'Instellingen opslaan'}
        </Button>
        {saveError && (
          <p role="alert" className="text-sm font-medium break-words text-destructive">
            {saveError}
          </p>
        )}
      </div>
    </form>
  );
}
