import { Mic, Pause, Square } from 'lucide-react';
import { formatDuration } from '@/lib/format-time';
import { useTwoFingerDoubleTap } from '@/lib/use-two-finger-double-tap';
import type { useVoiceRecorder } from '../hooks/use-voice-recorder';
import { RECORDING_MAX_SECONDS } from '../lib/recording-format';
import { RecordingPreview } from './recording-preview';
import { RecorderButton } from './recorder-button';

type VoiceRecorderProps = { recorder: ReturnType<typeof useVoiceRecorder> };

const ANNOUNCEMENTS = {
  idle: '',
  recording: 'Opname loopt',
  paused: 'Opname gepauzeerd',
  stopped: 'Opname gestopt en klaar om te versturen',
} as const;

/** Spec section 9's recorder: record up to 2:00 with a countdown, pause, preview, delete. */
export function VoiceRecorder({ recorder }: VoiceRecorderProps) {
  const { state, elapsedMs, recording, start, pause, resume, stop, discard } = recorder;
  const active = state === 'recording' || state === 'paused';
  // Under a screen reader a two-finger double tap stops the recording (spec section 2).
  useTwoFingerDoubleTap(stop, active);

  const elapsed = Math.floor(elapsedMs / 1000);
  const left = Math.max(0, RECORDING_MAX_SECONDS - elapsed);

  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">Ingesproken bericht (optioneel)</legend>
      <p role="status" aria-live="polite" className="sr-only">
        {ANNOUNCEMENTS[state]}
      </p>
      {state === 'idle' && (
        <>
          <p className="text-sm text-muted-foreground">
            Spreek een groet in van maximaal {formatDuration(RECORDING_MAX_SECONDS)}. De DJ draait
            hem voor je nummer.
          </p>
          <RecorderButton icon={Mic} onClick={() => void start()}>
            Opname starten
          </RecorderButton>
        </>
      )}
      {active && (
        <>
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="flex items-center gap-2 font-semibold">
              <span
                aria-hidden="true"
                className={
                  state === 'recording'
                    ? 'size-3 animate-pulse rounded-full bg-destructive'
                    : 'size-3 rounded-full bg-muted-foreground'
                }
              />
              {state === 'recording' ? 'Opname loopt' : 'Gepauzeerd'}
              <span className="tabular-nums">{formatDuration(elapsed)}</span>
            </span>
            <span className="tabular-nums text-muted-foreground">nog {formatDuration(left)}</span>
          </div>
          <div className="grid grid-cols-2 gap-2">
            {state === 'recording' ? (
              <RecorderButton icon={Pause} onClick={pause}>
                Pauzeren
              </RecorderButton>
            ) : (
              <RecorderButton icon={Mic} onClick={resume}>
                Hervatten
              </RecorderButton>
            )}
            <RecorderButton icon={Square} onClick={stop} primary>
              Stoppen
            </RecorderButton>
          </div>
        </>
      )}
      {state === 'stopped' && recording && (
        <RecordingPreview
          key={recording.url}
          url={recording.url}
          seconds={elapsed}
          onDelete={discard}
        />
      )}
    </fieldset>
  );
}
