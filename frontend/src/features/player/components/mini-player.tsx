import { Link } from 'react-router-dom';
import { AlertTriangle, ChevronRight, X } from 'lucide-react';
import { useOnAir } from '../hooks/use-on-air';
import { usePlayer } from '../hooks/use-player';
import { Equalizer } from './equalizer';
import { PlayToggle } from './play-toggle';

/**
 * A bar at the bottom of pages without a full player, shown while the stream is on: the music
 * goes on while the listener browses, and can be stopped from anywhere. When the stream
 * broke off it stays to say so, until the listener plays again or closes it.
 */
export function MiniPlayer() {
  const { controller, state } = usePlayer();
  const { song, stationName } = useOnAir();

  return (
    <>
      {/* Keeps the end of the page clear of the bar. */}
      <div aria-hidden="true" className="h-18 bg-ink" />
      <section
        aria-label="Livespeler"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-white/10 bg-ink/95 px-4 text-ink-foreground shadow-[0_-8px_24px_rgb(0_0_0/0.15)] backdrop-blur sm:px-6"
      >
        <div className="mx-auto flex h-18 max-w-6xl items-center gap-3 sm:gap-4">
          <PlayToggle state={state} onToggle={controller.toggle} />
          <div className="grid min-w-0 flex-1">
            <p className="flex items-center gap-2 text-xs font-bold tracking-widest text-orange-300 uppercase">
              {state.isPlaying && <Equalizer />}
              <span className="truncate">Nu op {stationName}</span>
            </p>
            {state.error ? (
              <p role="alert" className="flex items-center gap-1.5 text-sm font-semibold">
                <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-red-200" />
                {state.error}
              </p>
            ) : (
              <p className="truncate text-sm font-semibold">
                {song ? `${song.title} · ${song.artist}` : stationName}
              </p>
            )}
          </div>
          <Link
            to="/luisteren"
            className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-2 text-sm font-semibold text-ink-foreground/85 hover:bg-white/10 hover:text-ink-foreground focus-visible:ring-2 focus-visible:ring-orange-300 focus-visible:outline-none"
          >
            <span className="hidden sm:inline">Naar de speler</span>
            <span className="sm:hidden">Speler</span>
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
          {state.error && (
            <button
              type="button"
              onClick={controller.stop}
              aria-label="Sluiten"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-ink-foreground/85 hover:bg-white/10 hover:text-ink-foreground focus-visible:ring-2 focus-visible:ring-orange-300 focus-visible:outline-none"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          )}
        </div>
      </section>
    </>
  );
}
