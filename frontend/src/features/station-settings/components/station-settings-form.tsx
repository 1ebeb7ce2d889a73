import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CheckCircle2, Gauge, Library, Radio, XCircle } from 'lucide-react';
import {
  SETTINGS_FIELD_LABELS,
  SETTINGS_RANGES,
  updateAdminSettingsBodySchema,
  type AdminSettings,
  type SettingsField,
  type SourceTestResult,
  type StationSourceName,
  type UpdateAdminSettingsResponse,
} from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { useAdminSettings } from '../api/get-admin-settings';
import { useTestStationSource } from '../api/test-station-source';
import { useUpdateAdminSettings } from '../api/update-admin-settings';

const TEXT_FIELDS = ['nonstopUrl', 'liveUrl', 'localStreamUrl', 'libraryName'] as const;
const NUMBER_FIELDS = [
  'maxRequestsPerIp',
  'maxRequestsPerBrowser',
  'trackCooldownHours',
  'artistCooldownHours',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type NumberField = (typeof NUMBER_FIELDS)[number];

type FormValues = Record<TextField | NumberField, string> & {
  /** Typed keys: empty leaves the stored key as it is. */
  nonstopApiKey: string;
  liveApiKey: string;
  clearNonstopApiKey: boolean;
  clearLiveApiKey: boolean;
};

type SourceTests = UpdateAdminSettingsResponse['sourceTests'];
type FieldErrors = Partial<Record<SettingsField, string>>;

const SOURCES = {
  nonstop: {
    url: 'nonstopUrl',
    key: 'nonstopApiKey',
    clear: 'clearNonstopApiKey',
    keySet: 'nonstopApiKeySet',
    title: 'Nonstop',
  },
  live: {
    url: 'liveUrl',
    key: 'liveApiKey',
    clear: 'clearLiveApiKey',
    keySet: 'liveApiKeySet',
    title: 'Live',
  },
} as const;

function valuesOf(saved: AdminSettings): FormValues {
  return {
    nonstopUrl: saved.nonstopUrl ?? '',
    liveUrl: saved.liveUrl ?? '',
    localStreamUrl: saved.localStreamUrl,
    libraryName: saved.libraryName,
    maxRequestsPerIp: String(saved.maxRequestsPerIp),
    maxRequestsPerBrowser: String(saved.maxRequestsPerBrowser),
    trackCooldownHours: String(saved.trackCooldownHours),
    artistCooldownHours: String(saved.artistCooldownHours),
    nonstopApiKey: '',
    liveApiKey: '',
    clearNonstopApiKey: false,
    clearLiveApiKey: false,
  };
}

/** A number when it reads as one; anything else goes to the schema as is, to get its message. */
const asNumber = (value: string): number | string =>
  /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

/** Only what differs from the saved settings: the server tests a source only when it changed. */
function changesOf(values: FormValues, saved: AdminSettings): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    if (values[field].trim() !== (saved[field] ?? '')) changes[field] = values[field];
  }
  for (const field of NUMBER_FIELDS) {
    if (values[field].trim() !== String(saved[field])) changes[field] = asNumber(values[field]);
  }
  for (const source of Object.values(SOURCES)) {
    if (values[source.clear]) changes[source.key] = null;
    else if (values[source.key] !== '') changes[source.key] = values[source.key];
  }
  return changes;
}

function TestResult({ id, result }: { id: string; result: SourceTestResult | undefined }) {
  if (!result) return <p id={id} role="status" className="sr-only" />;
  const Icon = result.ok ? CheckCircle2 : XCircle;
  return (
    <p
      id={id}
      role="status"
      className={`flex gap-2 text-sm break-words ${result.ok ? 'text-foreground' : 'font-medium text-destructive'}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0">{result.message}</span>
    </p>
  );
}

function Group({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Radio;
  title: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4 border-t pt-4 first:border-t-0 first:pt-0">
      <h3 id={id} className="flex items-center gap-2 text-base font-bold">
        <Icon aria-hidden="true" className="size-5 text-primary" />
        {title}
      </h3>
      {children}
    </section>
  );
}

type HintedFieldProps = {
  id: string;
  label: string;
  error: string | undefined;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'url';
  inputMode?: 'text' | 'url' | 'numeric';
};

/** A labelled input with a hint under it; its error (if any) and the hint describe it. */
function HintedField({ id, label, error, hint, onChange, ...input }: HintedFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <>
          <Input
            {...control}
            {...input}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={[control['aria-describedby'], `${id}-hint`].filter(Boolean).join(' ')}
            onChange={(event) => onChange(event.target.value)}
          />
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </span>
        </>
      )}
    </FormField>
  );
}

type SourceFieldsProps = {
  which: StationSourceName;
  saved: AdminSettings;
  values: FormValues;
  errors: FieldErrors;
  result: SourceTestResult | undefined;
  set: (change: Partial<FormValues>) => void;
  onTested: (which: StationSourceName, result: SourceTestResult) => void;
};

/** One source: its now-playing URL, its write-only key (set or not, clearable) and a test. */
function SourceFields({ which, saved, values, errors, result, set, onTested }: SourceFieldsProps) {
  const id = useId();
  const source = SOURCES[which];
  const keyId = `${id}-key`;
  const keyError = errors[source.key];
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

  const keySet = saved[source.keySet];
  const keyStatus = values[source.clear]
    ? 'wordt gewist'
    : values[source.key] !== ''
      ? 'wordt vervangen'
      : keySet
        ? 'ingesteld'
        : 'niet ingesteld';
  const urlHint =
    which === 'nonstop'
      ? saved.nonstopIsBuiltIn
        ? 'Nu: de ingebouwde zender. Leeg laten en opslaan zet de ingebouwde zender terug.'
        : 'Het now-playing-adres van AzuraCast, bijvoorbeeld https://radio.example/api/nowplaying/1. Leeg: de ingebouwde zender, als die draait.'
      : 'Het now-playing-adres van de live-bron. Leeg: geen live-bron.';
  const resultId = `${id}-result`;
  return (
    <div className="grid gap-3 rounded-lg border p-3 sm:p-4">
      <h4 className="font-semibold">{source.title}</h4>
      <HintedField
        id={`${id}-url`}
        label={SETTINGS_FIELD_LABELS[source.url]}
        error={errors[source.url] ?? testError ?? undefined}
        hint={urlHint}
        value={values[source.url]}
        type="url"
        inputMode="url"
        onChange={(value) => set({ [source.url]: value })}
      />
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={keyId} className="text-sm font-semibold">
            {SETTINGS_FIELD_LABELS[source.key]}
          </label>
          <Badge id={`${keyId}-status`} variant={keySet ? 'secondary' : 'outline'}>
            {keyStatus}
          </Badge>
        </div>
        <Input
          id={keyId}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          placeholder={keySet ? 'Nieuwe sleutel (leeg: blijft zoals hij is)' : 'Sleutel'}
          value={values[source.key]}
          disabled={values[source.clear]}
          aria-invalid={keyError !== undefined}
          aria-describedby={[`${keyId}-status`, keyError ? `${keyId}-error` : '']
            .filter(Boolean)
            .join(' ')}
          onChange={(event) => set({ [source.key]: event.target.value })}
        />
        {keyError && (
          <p id={`${keyId}-error`} role="alert" className="text-sm font-medium text-destructive">
            {keyError}
          </p>
        )}
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

type SettingsFieldsProps = {
  titleId: string;
  saved: AdminSettings;
  lastSaveTests: SourceTests;
  onSaved: (tests: SourceTests) => void;
};

function SettingsFields({ titleId, saved, lastSaveTests, onSaved }: SettingsFieldsProps) {
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

  const textField = (field: 'localStreamUrl' | 'libraryName', hint: string) => (
    <HintedField
      id={`${id}-${field}`}
      label={SETTINGS_FIELD_LABELS[field]}
      error={errors[field]}
      hint={hint}
      value={values[field]}
      onChange={(value) => set({ [field]: value })}
    />
  );

  const numberField = (field: NumberField, unit: string) => {
    const { min, max } = SETTINGS_RANGES[field];
    return (
      <HintedField
        id={`${id}-${field}`}
        label={SETTINGS_FIELD_LABELS[field]}
        error={errors[field]}
        hint={`${min} tot en met ${max} ${unit}`}
        value={values[field]}
        inputMode="numeric"
        onChange={(value) => set({ [field]: value })}
      />
    );
  };

  const sourceProps = {
    saved,
    values,
    errors,
    set,
    onTested: (which: StationSourceName, result: SourceTestResult) =>
      setTests((current) => ({ ...current, [which]: result })),
  };
  const sourceChanged = (['nonstop', 'live'] as const).some((which) => {
    const source = SOURCES[which];
    return (
      values[source.url].trim() !== (saved[source.url] ?? '') ||
      values[source.key] !== '' ||
      values[source.clear]
    );
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-labelledby={titleId}>
      <Group icon={Radio} title="Bronnen">
        <p className="text-sm text-muted-foreground">
          Waar de site afleest wat er speelt. Een gewijzigde bron wordt eerst getest en alleen
          opgeslagen als hij antwoordt. API-sleutels worden nooit getoond.
        </p>
        <SourceFields which="nonstop" result={tests.nonstop} {...sourceProps} />
        <SourceFields which="live" result={tests.live} {...sourceProps} />
      </Group>
      <Group icon={Library} title="Stream en bibliotheek">
        <div className="grid gap-4 sm:grid-cols-2">
          {textField(
            'localStreamUrl',
            'Een http(s)-adres of een pad op deze site, zoals /stream/radio.m3u8',
          )}
          {textField('libraryName', '1 tot en met 100 tekens')}
        </div>
      </Group>
      <Group icon={Gauge} title="Limieten">
        <div className="grid gap-4 sm:grid-cols-2">
          {numberField('maxRequestsPerIp', 'wachtende verzoekjes')}
          {numberField('maxRequestsPerBrowser', 'wachtende verzoekjes')}
          {numberField('trackCooldownHours', 'uur')}
          {numberField('artistCooldownHours', 'uur')}
        </div>
      </Group>
      <div className="grid gap-2">
        <Button type="submit" className="justify-self-start" disabled={update.isPending}>
          {update.isPending
            ? sourceChanged
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

/**
 * The settings tab's form (issue 10): sources with write-only keys, stream and library name, and
 * the request limits. Only changed fields are sent; what is shown after a save is the server's.
 */
export function StationSettingsForm() {
  const settings = useAdminSettings();
  const [lastSaveTests, setLastSaveTests] = useState<SourceTests>({});
  const titleId = useId();
  let body: ReactNode;
  if (settings.isPending) body = <Skeleton className="h-96 w-full" />;
  else if (!settings.data) {
    body = (
      <p role="alert" className="text-sm font-medium text-destructive">
        De instellingen konden niet worden geladen: {failureMessage(settings.error)}
      </p>
    );
  } else {
    body = (
      // A save gives new settings (and a new updatedAt): the fields start again from them.
      <SettingsFields
        key={settings.data.updatedAt}
        titleId={titleId}
        saved={settings.data}
        lastSaveTests={lastSaveTests}
        onSaved={setLastSaveTests}
      />
    );
  }
  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-5">
      <h2 id={titleId} className="text-lg font-bold">
        Instellingen
      </h2>
      {body}
    </Card>
  );
}
