import { useState, type DragEvent } from 'react';
import { FileAudio, Upload } from 'lucide-react';
import { cn } from '@/lib/utils';
import { formatMegabytes } from '@/lib/cloud-upload-facts';
import { TRACK_ACCEPT } from '../lib/track-file';

type TrackDropZoneProps = {
  id: string;
  file: File | null;
  onFile: (file: File) => void;
  error: string | undefined;
  hintId: string;
  disabled: boolean;
};

/**
 * The file picker inside a zone a file can be dropped on. The picker is the real file input
 * (visually hidden, still focusable), named by the button-like label: keyboard and screen
 * reader users reach it like any input.
 */
export function TrackDropZone({ id, file, onFile, error, hintId, disabled }: TrackDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const errorId = `${id}-error`;

  const over = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (!disabled && dropped) onFile(dropped);
  };

  return (
    <div className="grid grid-cols-1 gap-2">
      <div
        data-testid="drop-zone"
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-input bg-muted/40 px-4 py-6 text-center transition-colors has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring/40',
          dragging && 'border-primary bg-accent/60',
          error && 'border-destructive',
          disabled && 'opacity-60',
        )}
      >
        {file ? (
          <span className="flex max-w-full items-center gap-3 text-left">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <FileAudio aria-hidden="true" className="size-5" />
            </span>
            <span className="grid min-w-0">
              <span className="truncate font-semibold" data-testid="chosen-file">
                {file.name}
              </span>
              <span className="text-sm text-muted-foreground tabular-nums">
                {formatMegabytes(file.size)}
              </span>
            </span>
          </span>
        ) : (
          <>
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Upload aria-hidden="true" className="size-6" />
            </span>
            <span className="font-semibold">Sleep je track hierheen</span>
            <span className="text-sm text-muted-foreground">of</span>
          </>
        )}
        <input
          id={id}
          type="file"
          accept={TRACK_ACCEPT}
          disabled={disabled}
          className="peer sr-only"
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? hintId : `${errorId} ${hintId}`}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onFile(chosen);
            // The same file chosen again (after a refusal, say) must fire a change again.
            event.target.value = '';
          }}
        />
        <label
          htmlFor={id}
          className={cn(
            'inline-flex h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-input bg-card px-4 text-sm font-semibold shadow-sm peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 hover:bg-accent hover:text-accent-foreground',
            disabled && 'pointer-events-none',
          )}
        >
          {file ? 'Ander bestand kiezen' : 'Kies een audiobestand'}
        </label>
        <span id={hintId} className="text-xs text-muted-foreground">
          MP3, MPEG, WAV, FLAC, AAC, OGG of M4A · maximaal 50 MB
        </span>
      </div>
      {error !== undefined && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
