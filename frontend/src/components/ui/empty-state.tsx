import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A quiet message where content would be: nothing chosen yet, nothing found, not loaded. */
function EmptyState({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p
      className={cn(
        'rounded-lg border border-dashed border-input bg-muted/50 px-4 py-8 text-center text-sm text-pretty text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export { EmptyState };
