import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** One figure of the overview: a titled card (a region named by its heading). */
export function OverviewCard({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('min-w-0 p-4', className)}>
      <section aria-labelledby={id} className="grid gap-2">
        <h2 id={id} className="text-sm font-semibold text-muted-foreground">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}
