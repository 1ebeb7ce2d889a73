import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
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

/** "1 nummer", "12 nummers". */
export function trackCount(count: number): string {
  return `${count} ${count === 1 ? 'nummer' : 'nummers'}`;
}
