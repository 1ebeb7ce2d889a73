import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { failureMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';

type NowPlayingErrorProps = { error: Error | null; isFetching: boolean; onRetry: () => void };

/** Now playing could not be read: why, and a retry. */
export function NowPlayingError({ error, isFetching, onRetry }: NowPlayingErrorProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white/5 px-3 py-2 text-sm">
      <p className="min-w-0 break-words text-ink-foreground/85">{failureMessage(error)}</p>
      <Button
        variant="outline"
        size="sm"
        onClick={onRetry}
        disabled={isFetching}
        className="border-white/30 bg-transparent text-ink-foreground hover:bg-white/10 hover:text-ink-foreground"
      >
        <RotateCw aria-hidden="true" className={cn(isFetching && 'animate-spin')} />
        Opnieuw proberen
      </Button>
    </div>
  );
}
