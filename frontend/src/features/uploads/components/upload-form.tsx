import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useUploadForm } from '../hooks/use-upload-form';
import { TRACK_MESSAGE_MAX_LENGTH } from '../lib/track-file';
import { TrackDropZone } from './track-drop-zone';
import { UploadOutcome } from './upload-outcome';
import { UploadProgress } from './upload-progress';

const NAME_MAX_LENGTH = 200;

/** The upload form: file, names, message, the checks before sending, and the upload itself. */
export function UploadForm({ displayName }: { displayName: string }) {
  const form = useUploadForm(displayName);
  const { ids, file, names, errors, progress, uploading } = form;

  const nameField = (
    field: 'artist' | 'title' | 'submittedBy',
    label: string,
    value: string,
    onChange: (value: string) => void,
    autoComplete = 'off',
  ) => (
    <FormField id={ids[field]} label={label} error={errors[field]}>
      {(control) => (
        <Input
          {...control}
          value={value}
          maxLength={NAME_MAX_LENGTH}
          autoComplete={autoComplete}
          onChange={(event) => {
            onChange(event.target.value);
            form.clearError(field);
          }}
        />
      )}
    </FormField>
  );

  return (
    <form
      aria-label="Upload je track"
      noValidate
      onSubmit={(event) => void form.submit(event)}
      className="grid grid-cols-1 gap-5"
    >
      <fieldset disabled={uploading} className="grid min-w-0 grid-cols-1 gap-5">
        <legend className="sr-only">Je track en de gegevens erbij</legend>
        <TrackDropZone
          id={ids.file}
          hintId={ids.fileHint}
          file={file}
          onFile={form.choose}
          error={errors.file}
          disabled={uploading}
        />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          {nameField('artist', 'Artiest', names.artist, (artist) =>
            form.setNames((current) => ({ ...current, artist })),
          )}
          {nameField('title', 'Titel', names.title, (title) =>
            form.setNames((current) => ({ ...current, title })),
          )}
        </div>
        {nameField('submittedBy', 'Ingestuurd door', form.submittedBy, form.setSubmittedBy, 'name')}
        <FormField
          id={ids.message}
          label="Bericht voor de DJ (optioneel)"
          hint={`${form.message.length}/${TRACK_MESSAGE_MAX_LENGTH} tekens`}
          hintClassName="text-right tabular-nums"
        >
          {(control) => (
            <textarea
              {...control}
              value={form.message}
              onChange={(event) => form.setMessage(event.target.value)}
              maxLength={TRACK_MESSAGE_MAX_LENGTH}
              rows={3}
              placeholder="Vertel iets over je nummer"
              className="w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none disabled:opacity-60 sm:text-sm"
            />
          )}
        </FormField>
      </fieldset>
      {progress && file ? (
        <UploadProgress
          fileName={file.name}
          progress={progress}
          onCancel={form.upload.cancel}
          cancelRef={form.cancelRef}
        />
      ) : (
        <Button type="submit" size="lg" className="w-full">
          <Send aria-hidden="true" />
          Track uploaden
        </Button>
      )}
      {form.outcome && <UploadOutcome outcome={form.outcome} outcomeRef={form.outcomeRef} />}
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {form.announcement}
      </p>
    </form>
  );
}
