import { Pause, Play } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { PlayerState } from '../lib/live-player-controller';

type PlayToggleProps = {
  state: PlayerState;
  onToggle: () => void;
  size?: 'md' | 'lg';
  className?: string;
};

/**
 * The play/pause button. A native button, so a focused one answers Enter and Space. While the
 * stream loads it stays focusable but does nothing (the controller ignores the toggle); while it
 * reconnects it stops.
 */
export function PlayToggle({ state, onToggle, size = 'md', className }: PlayToggleProps) {
  // While reconnecting the button stops the player (the listener may not want to wait).
  const label = state.isReconnecting
    ? 'Stoppen'
    : state.isLoading
      ? 'Stream laden'
      : state.isPlaying
        ? 'Pauzeren'
        : 'Afspelen';
  const isBusy = state.isLoading && !state.isReconnecting;
  const iconClass = size === 'lg' ? 'size-8' : 'size-5';
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={label}
      aria-disabled={isBusy || undefined}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-primary/30 transition-[transform,background-color] hover:bg-primary-hover focus-visible:ring-4 focus-visible:ring-orange-300 focus-visible:outline-none active:scale-95 aria-disabled:cursor-progress',
        size === 'lg' ? 'size-16 sm:size-20' : 'size-11',
        className,
      )}
    >
      {state.isLoading || state.isReconnecting ? (
        <Spinner className={iconClass} />
      ) : state.isPlaying ? (
        <Pause aria-hidden="true" className={cn(iconClass, 'fill-current')} />
      ) : (
        <Play aria-hidden="true" className={cn(iconClass, 'translate-x-0.5 fill-current')} />
      )}
    </button>
  );
}
