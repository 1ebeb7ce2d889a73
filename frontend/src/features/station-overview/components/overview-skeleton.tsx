import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { CARD_TITLES } from '../lib/overview-display';

/** The overview's cards, titled and empty, while the first answer is on its way. */
export function OverviewSkeleton() {
  return (
    <div
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      aria-busy="true"
      aria-label="Overzicht laden"
    >
      {CARD_TITLES.map((title, index) => (
        <Card
          key={title}
          className={cn(
            'grid min-w-0 gap-2 p-4',
            index === 0 && 'sm:col-span-2',
            index === 4 && 'sm:col-span-2 lg:col-span-3',
          )}
        >
          <h2 className="text-sm font-semibold text-muted-foreground">{title}</h2>
          <Skeleton className="h-9 w-full" />
        </Card>
      ))}
    </div>
  );
}
