import { useId, type ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { failureMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';

type PanelProps = {
  step: number;
  title: string;
  /** A line under the title: what is chosen, how many. */
  summary?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** One of the three panels of the archive, numbered in the order a listener uses them. */
export function Panel({ step, title, summary, className, children }: PanelProps) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className={cn('flex flex-col', className)}>
      <div className="flex items-start gap-3 border-b px-5 py-4">
        <span
          aria-hidden="true"
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
        >
          {step}
        </span>
        <div className="grid min-w-0 gap-0.5">
          <h2 id={titleId} className="text-lg leading-7 font-bold tracking-tight">
            {title}
          </h2>
          {summary && <p className="text-sm text-muted-foreground">{summary}</p>}
        </div>
      </div>
      <div className="flex-1 p-4">{children}</div>
    </Card>
  );
}

/** A failed load: the reason and a way to try again. */
export function LoadFailed({
  query: { error, refetch, isFetching: isRetrying },
}: {
  /** The query that failed. */
  query: { error: Error; refetch: () => unknown; isFetching: boolean };
}) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-lg bg-red-50 px-4 py-6 text-center"
    >
      <p className="text-sm font-medium break-words text-destructive">{failureMessage(error)}</p>
      <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isRetrying}>
        <RotateCw aria-hidden="true" className={cn(isRetrying && 'animate-spin')} />
        Opnieuw proberen
      </Button>
    </div>
  );
}

/** "1 nummer", "12 nummers". */
export function trackCount(count: number): string {
  return `${count} ${count === 1 ? 'nummer' : 'nummers'}`;
}
