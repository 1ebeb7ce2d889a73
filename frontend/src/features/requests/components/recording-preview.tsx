import { useRef, useState } from 'react';
import { Play, Square, Trash2 } from 'lucide-react';
import { formatDuration } from '@/lib/format-time';
import { previewErrorText } from '../lib/recording-format';
import { RecorderButton } from './recorder-button';

/** Play, stop or delete a finished recording; a preview that fails still leaves it sendable. */
export function RecordingPreview({
  url,
  seconds,
  onDelete,
}: {
  url: string;
  seconds: number;
  onDelete: () => void;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [previewing, setPreviewing] = useState(false);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const playPreview = async () => {
    const element = audio.current;
    if (!element) return;
    setPreviewError(null);
    try {
      element.currentTime = 0;
      await element.play();
      setPreviewing(true);
    } catch {
      setPreviewError(previewErrorText(element.error?.code));
      setPreviewing(false);
    }
  };
  const stopPreview = () => {
    const element = audio.current;
    if (!element) return;
    element.pause();
    element.currentTime = 0;
    setPreviewing(false);
  };

  return (
    <>
      <p className="text-sm">
        Opname van <span className="tabular-nums">{formatDuration(seconds)}</span> klaar. Hij wordt
        met je verzoekje verstuurd.
      </p>
      <audio
        ref={audio}
        src={url}
        preload="metadata"
        onEnded={() => setPreviewing(false)}
        onError={(event) => {
          setPreviewError(previewErrorText(event.currentTarget.error?.code));
          setPreviewing(false);
        }}
      />
      <div className="grid grid-cols-2 gap-2">
        {previewing ? (
          <RecorderButton icon={Square} onClick={stopPreview}>
            Stop afspelen
          </RecorderButton>
        ) : (
          <RecorderButton icon={Play} onClick={() => void playPreview()}>
            Beluisteren
          </RecorderButton>
        )}
        <RecorderButton icon={Trash2} onClick={onDelete}>
          Verwijderen
        </RecorderButton>
      </div>
      {previewError && (
        <p role="alert" className="text-sm text-destructive">
          {previewError}
        </p>
      )}
    </>
  );
}
