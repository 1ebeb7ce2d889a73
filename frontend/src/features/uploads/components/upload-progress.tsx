import { useId, type Ref } from 'react';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatMegabytes } from '@/lib/cloud-upload-facts';
import type { UploadProgress as Progress } from '../api/upload-track';
import { percentSent } from '../lib/upload-display';

type UploadProgressProps = {
  fileName: string;
  progress: Progress;
  onCancel: () => void;
  cancelRef: Ref<HTMLButtonElement>;
};

/** The upload under way: a real progress bar, the bytes sent, and a cancel. */
export function UploadProgress({ fileName, progress, onCancel, cancelRef }: UploadProgressProps) {
  const percent = percentSent(progress);
  const labelId = useId();
  return (
    <div className="grid grid-cols-1 gap-3 rounded-xl border bg-accent/30 p-4">
      <div className="flex items-baseline justify-between gap-3">
        <span id={labelId} className="min-w-0 truncate text-sm font-semibold">
          {fileName} uploaden
        </span>
        <span className="text-lg font-bold tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${formatMegabytes(progress.sent)} van ${formatMegabytes(progress.total)}`}
        className="h-3 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="text-sm text-muted-foreground tabular-nums" data-testid="upload-bytes">
          {formatMegabytes(progress.sent)} van {formatMegabytes(progress.total)}
        </span>
        <Button ref={cancelRef} type="button" variant="outline" onClick={onCancel}>
          <X aria-hidden="true" />
          Annuleren
        </Button>
      </div>
    </div>
  );
}
