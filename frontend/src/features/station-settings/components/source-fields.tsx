import { useId, useState } from 'react';
import {
  SETTINGS_FIELD_LABELS,
  type AdminSettings,
  type SourceTestResult,
  type StationSourceName,
} from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { useTestStationSource } from '../api/test-station-source';
import { SOURCES, type FieldErrors, type FormValues } from '../lib/settings-values';
import { SourceKeyField } from './source-key-field';
import { TestResult } from './test-result';

type SourceFieldsProps = {
  which: StationSourceName;
  saved: AdminSettings;
  values: FormValues;
  errors: FieldErrors;
  result: SourceTestResult | undefined;
  set: (change: Partial<FormValues>) => void;
  onTested: (which: StationSourceName, result: SourceTestResult) => void;
};

function urlHintOf(which: StationSourceName, saved: AdminSettings): string {
  if (which === 'live') return 'Het now-playing-adres van de live-bron. Leeg: geen live-bron.';
  return saved.nonstopIsBuiltIn
    ? 'Nu: de ingebouwde zender. Leeg laten en opslaan zet de ingebouwde zender terug.'
    : 'Het now-playing-adres van AzuraCast, bijvoorbeeld https://radio.example/api/nowplaying/1. Leeg: de ingebouwde zender, als die draait.';
}

/** One source: its now-playing URL, its write-only key (set or not, clearable) and a test. */
export function SourceFields({
  which,
  saved,
  values,
  errors,
  result,
  set,
  onTested,
}: SourceFieldsProps) {
  const id = useId();
  const source = SOURCES[which];
  const urlId = `${id}-url`;
  const resultId = `${id}-result`;
  const [testError, setTestError] = useState<string | null>(null);
  const test = useTestStationSource({
    mutationConfig: {
      onSuccess: (answer) => onTested(which, answer),
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: 'Test mislukt',
          description: failureMessage(failure),
        }),
    },
  });

  function runTest() {
    const url = values[source.url].trim();
    if (url === '') {
      setTestError('Voer een http(s)-adres in om te testen');
      return;
    }
    setTestError(null);
    const typedKey = values[source.key];
    test.mutate({
      url,
      which,
      ...(values[source.clear] ? { apiKey: null } : typedKey !== '' ? { apiKey: typedKey } : {}),
    });
  }

  return (
    <div className="grid gap-3 rounded-lg border p-3 sm:p-4">
      <h4 className="font-semibold">{source.title}</h4>
      <FormField
        id={urlId}
        label={SETTINGS_FIELD_LABELS[source.url]}
        error={errors[source.url] ?? testError ?? undefined}
        hint={urlHintOf(which, saved)}
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={values[source.url]}
            onChange={(event) => set({ [source.url]: event.target.value })}
          />
        )}
      </FormField>
      <SourceKeyField
        id={`${id}-key`}
        which={which}
        saved={saved}
        values={values}
        error={errors[source.key]}
        set={set}
      />
      <div className="grid gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={test.isPending}
          aria-describedby={resultId}
          onClick={runTest}
        >
          {test.isPending ? 'Testen…' : 'Test verbinding'}
        </Button>
        <TestResult id={resultId} result={result} />
      </div>
    </div>
  );
}
