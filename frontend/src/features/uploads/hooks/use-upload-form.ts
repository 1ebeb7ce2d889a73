import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { UploadCancelled, useUploadTrack } from '../api/upload-track';
import {
  checkTrackFile,
  checkTrackForm,
  namesFromFileName,
  prefillNames,
  type TrackFormErrors,
  type TrackFormField,
  type TrackNames,
} from '../lib/track-file';
import { percentSent } from '../lib/upload-display';

const NO_NAMES: TrackNames = { artist: '', title: '' };

export type UploadOutcome = { kind: 'done' | 'cancelled' | 'failed'; text: string };

/** What a screen reader hears while the bytes go: the start, then each quarter. */
function progressAnnouncement(percent: number): string {
  const quarter = Math.floor(percent / 25) * 25;
  return quarter === 0 ? 'Upload gestart.' : `Upload ${quarter}% verstuurd.`;
}

/**
 * The upload form's state: the file (checked when chosen, its names prefilled), names, message,
 * the checks before sending, the upload itself and what a screen reader hears of it.
 */
export function useUploadForm(displayName: string) {
  const ids = {
    file: useId(),
    fileHint: useId(),
    artist: useId(),
    title: useId(),
    submittedBy: useId(),
    message: useId(),
  };
  const [file, setFile] = useState<File | null>(null);
  const [names, setNames] = useState<TrackNames>(NO_NAMES);
  const [lastPrefill, setLastPrefill] = useState<TrackNames>(NO_NAMES);
  const [submittedBy, setSubmittedBy] = useState(displayName);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<TrackFormErrors>({});
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
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

  return {
    ids,
    file,
    names,
    setNames,
    submittedBy,
    setSubmittedBy,
    message,
    setMessage,
    errors,
    clearError,
    outcome,
    upload,
    progress,
    uploading,
    cancelRef,
    outcomeRef,
    choose,
    submit,
    announcement,
  };
}
