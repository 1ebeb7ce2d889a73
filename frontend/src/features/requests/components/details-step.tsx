import { useId } from 'react';
import { ArrowLeft, Lock, Send } from 'lucide-react';
import { MESSAGE_MAX_LENGTH, type TrackSearchResult } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { useVoiceRecorder } from '../hooks/use-voice-recorder';
import { StepHeading } from './step-heading';
import { TrackSummary } from './track-summary';
import { VoiceRecorder } from './voice-recorder';

type DetailsStepProps = {
  track: TrackSearchResult;
  name: string;
  message: string;
  onMessageChange: (message: string) => void;
  recorder: ReturnType<typeof useVoiceRecorder>;
  onBack: () => void;
  onSubmit: () => void;
  isSubmitting: boolean;
  /** The recording is on its way to the server, which decodes it (in turn, when it is busy). */
  isSendingRecording: boolean;
  /** The server's refusal of the last try, with the wait. */
  refusal: string | null;
};

export function DetailsStep({
  track,
  name,
  message,
  onMessageChange,
  recorder,
  onBack,
  onSubmit,
  isSubmitting,
  isSendingRecording,
  refusal,
}: DetailsStepProps) {
  const nameId = useId();
  const messageId = useId();
  const recording = recorder.state === 'recording' || recorder.state === 'paused';
  return (
    <form
      className="grid gap-5"
      aria-label="Je verzoekje"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <StepHeading step={3}>Je verzoekje</StepHeading>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-accent/30 p-3">
        <TrackSummary track={track} />
        <Button type="button" variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Ander nummer
        </Button>
      </div>
      <FormField
        id={nameId}
        label="Je naam"
        hint="Je naam hoort bij je account en kan niet worden gewijzigd."
      >
        {(control) => (
          <div className="relative">
            <Input {...control} value={name} readOnly className="pr-10 text-muted-foreground" />
            <Lock
              aria-hidden="true"
              className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
          </div>
        )}
      </FormField>
      <FormField
        id={messageId}
        label="Bericht voor de DJ (optioneel)"
        hint={`${message.length}/${MESSAGE_MAX_LENGTH} tekens`}
        hintClassName="text-right tabular-nums"
      >
        {(control) => (
          <textarea
            {...control}
            value={message}
            onChange={(event) => onMessageChange(event.target.value)}
            maxLength={MESSAGE_MAX_LENGTH}
            rows={3}
            placeholder="Voor wie is dit nummer?"
            className="w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none sm:text-sm"
          />
        )}
      </FormField>
      <VoiceRecorder recorder={recorder} />
      {refusal && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive"
        >
          {refusal}
        </p>
      )}
      <Button type="submit" size="lg" disabled={isSubmitting || recording} className="w-full">
        {isSubmitting ? <Spinner /> : <Send aria-hidden="true" />}
        Verzoekje versturen
      </Button>
      {recording && (
        <p className="-mt-3 text-center text-xs text-muted-foreground">
          Stop eerst de opname om te versturen.
        </p>
      )}
      {isSendingRecording && (
        <p role="status" className="-mt-3 text-center text-xs text-muted-foreground">
          Je opname wordt verwerkt. Als het druk is, kan dat even duren; blijf op deze pagina.
        </p>
      )}
    </form>
  );
}
