import type { Ref } from 'react';
import { CheckCircle2, Info } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { UploadOutcome as Outcome } from '../hooks/use-upload-form';

/** How the last upload ended (done, cancelled or failed); it takes the focus when it appears. */
export function UploadOutcome({
  outcome,
  outcomeRef,
}: {
  outcome: Outcome;
  outcomeRef: Ref<HTMLDivElement>;
}) {
  return (
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
  );
}
