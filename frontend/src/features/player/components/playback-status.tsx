import type { PlayerState } from '../lib/live-player-controller';
import { Equalizer } from './equalizer';

/** What the player does, for the eye ("Je luistert") and, politely, for a screen reader. */
export function PlaybackStatus({
  state,
  stationName,
}: {
  state: PlayerState;
  stationName: string;
}) {
  const text = state.isReconnecting
    ? 'Stream onderbroken, opnieuw verbinden…'
    : state.isLoading
      ? 'Verbinden met de stream…'
      : state.isPlaying
        ? `Je luistert live naar ${stationName}`
        : '';
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {text}
      </p>
      {state.isPlaying && !state.isLoading && (
        <span
          aria-hidden="true"
          className="flex items-center gap-2 text-xs font-semibold text-ink-foreground/80"
        >
          <Equalizer />
          Je luistert
        </span>
      )}
      {(state.isLoading || state.isReconnecting) && (
        <span aria-hidden="true" className="text-xs font-semibold text-ink-foreground/80">
          {state.isReconnecting ? 'Opnieuw verbinden…' : 'Verbinden…'}
        </span>
      )}
    </>
  );
}
