import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2, Info, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { UploadCancelled, useUploadTrack } from '../api/upload-track';
import {
  checkTrackFile,
  checkTrackForm,
  namesFromFileName,
  prefillNames,
  TRACK_MESSAGE_MAX_LENGTH,
  type TrackFormErrors,
  type TrackFormField,
  type TrackNames,
} from '../lib/track-file';
import { TrackDropZone } from './track-drop-zone';
import { percentSent, UploadProgress } from './upload-progress';

const NAME_MAX_LENGTH = 200;
const NO_NAMES: TrackNames = { artist: '', title: '' };

type Outcome = { kind: 'done' | 'cancelled' | 'failed'; text: string };

/** What a screen reader hears while the bytes go: the start, then each quarter. */
function progressAnnouncement(percent: number): string {
  const quarter = Math.floor(percent / 25) * 25;
  return quarter === 0 ? 'Upload gestart.' : `Upload ${quarter}% verstuurd.`;
}

type TextFieldProps = {
  id: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
};

function TextField({ id, label, error, value, onChange, autoComplete = 'off' }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          value={value}
          maxLength={NAME_MAX_LENGTH}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** The upload form: file, names, message, the checks before sending, and the upload itself. */
export function UploadForm({ displayName }: { displayName: string }) {
  const ids = {
    file: useId(),
    fileHint: useId(),
    artist: useId(),
    title: useId(),
    submittedBy: useId(),
    message: useId(),
    messageCount: useId(),
  };
  const [file, setFile] = useState<File | null>(null);
  const [names, setNames] = useState<TrackNames>(NO_NAMES);
  const [lastPrefill, setLastPrefill] = useState<TrackNames>(NO_NAMES);
  const [submittedBy, setSubmittedBy] = useState(displayName);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<TrackFormErrors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const upload = useUploadTrack();
  const progress = upload.state.phase === 'uploading' ? upload.state.progress : null;
  const uploading = progress !== null;
  const cancelRef = useRef<HTMLButtonElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  // The submit button disappears into the locked form: the cancel takes the focus.
  useEffect(() => {
    if (uploading) cancelRef.current?.focus();
  }, [uploading]);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const clearError = (field: TrackFormField) =>
    setErrors((current) => ({ ...current, [field]: undefined }));

  const choose = (chosen: File) => {
    setFile(chosen);
    setOutcome(null);
    const refusal = checkTrackFile(chosen);
    setErrors((current) => ({ ...current, file: refusal?.text }));
    if (refusal) {
      toast({ variant: 'destructive', title: refusal.kind, description: refusal.text });
      return;
    }
    const fromFile = namesFromFileName(chosen.name);
    const next = prefillNames(names, lastPrefill, fromFile);
    setNames(next);
    setLastPrefill(fromFile);
    setErrors((current) => ({
      ...current,
      artist: next.artist ? undefined : current.artist,
      title: next.title ? undefined : current.title,
    }));
  };

  const reset = () => {
    setFile(null);
    setNames(NO_NAMES);
    setLastPrefill(NO_NAMES);
    setSubmittedBy(displayName);
    setMessage('');
    setErrors({});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploading) return;
    const form = { file, ...names, submittedBy, message };
    const check = checkTrackForm(form);
    if (!check.ok || !file) {
      if (!check.ok) {
        setErrors(check.errors);
        toast({
          variant: 'destructive',
          title: check.kind,
          description: check.errors[check.first],
        });
        document.getElementById(ids[check.first])?.focus();
      }
      return;
    }
    setOutcome(null);
    try {
      const stored = await upload.start({
        file,
        artist: names.artist.trim(),
        title: names.title.trim(),
        submittedBy: submittedBy.trim(),
        message: message.trim() || undefined,
      });
      const text = `${stored.artist} – ${stored.title} staat bij Mijn uploads. Een beheerder luistert je track en keurt hem goed of af.`;
      toast({ title: 'Upload voltooid', description: text });
      reset();
      setOutcome({ kind: 'done', text: `Upload voltooid: ${text}` });
    } catch (error) {
      if (error instanceof UploadCancelled) {
        toast({ title: 'Upload geannuleerd', description: 'Er is niets opgeslagen.' });
        setOutcome({ kind: 'cancelled', text: 'Upload geannuleerd: er is niets opgeslagen.' });
        return;
      }
      const text = failureMessage(error);
      toast({ variant: 'destructive', title: 'Upload mislukt', description: text });
      setOutcome({ kind: 'failed', text: `Upload mislukt: ${text}` });
    }
  };

  const announcement = progress
    ? progressAnnouncement(percentSent(progress))
    : (outcome?.text ?? '');

  return (
    <form
      aria-label="Upload je track"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid grid-cols-1 gap-5"
    >
      <fieldset disabled={uploading} className="grid min-w-0 grid-cols-1 gap-5">
        <legend className="sr-only">Je track en de gegevens erbij</legend>
        <TrackDropZone
          id={ids.file}
          hintId={ids.fileHint}
          file={file}
          onFile={choose}
          error={errors.file}
          disabled={uploading}
        />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            id={ids.artist}
            label="Artiest"
            error={errors.artist}
            value={names.artist}
            onChange={(artist) => {
              setNames((current) => ({ ...current, artist }));
              clearError('artist');
            }}
          />
          <TextField
            id={ids.title}
            label="Titel"
            error={errors.title}
            value={names.title}
            onChange={(title) => {
              setNames((current) => ({ ...current, title }));
              clearError('title');
            }}
          />
        </div>
        <TextField
          id={ids.submittedBy}
          label="Ingestuurd door"
          error={errors.submittedBy}
          value={submittedBy}
          autoComplete="name"
          onChange={(name) => {
            setSubmittedBy(name);
            clearError('submittedBy');
          }}
        />
        <div className="grid gap-2">
          <Label htmlFor={ids.message}>Bericht voor de DJ (optioneel)</Label>
          <textarea
            id={ids.message}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            maxLength={TRACK_MESSAGE_MAX_LENGTH}
            rows={3}
            aria-describedby={ids.messageCount}
            placeholder="Vertel iets over je nummer"
            className="w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none disabled:opacity-60 sm:text-sm"
          />
          <p
            id={ids.messageCount}
            className="text-right text-xs text-muted-foreground tabular-nums"
          >
            {message.length}/{TRACK_MESSAGE_MAX_LENGTH} tekens
          </p>
        </div>
      </fieldset>
      {progress && file ? (
        <UploadProgress
          fileName={file.name}
          progress={progress}
          onCancel={upload.cancel}
          cancelRef={cancelRef}
        />
      ) : (
        <Button type="submit" size="lg" className="w-full">
          <Send aria-hidden="true" />
          Track uploaden
        </Button>
      )}
      {outcome && (
        <div
          ref={outcomeRef}
          tabIndex={-1}
          data-testid="upload-outcome"
          className={cn(
            'flex items-start gap-3 rounded-lg border p-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            outcome.kind === 'failed'
              ? 'border-destructive/40 bg-destructive/10 text-destructive'
              : 'border-primary/40 bg-accent/40',
          )}
        >
          {outcome.kind === 'done' ? (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )}
          <span>{outcome.text}</span>
        </div>
      )}
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
    </form>
  );
}
