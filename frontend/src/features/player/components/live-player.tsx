import { useEffect, useState } from 'react';
import { AlertTriangle, Download, RotateCw } from 'lucide-react';
import type { StationInfo } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/api-client';
import { formatDuration } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { useNow } from '@/lib/use-now';
import { useOnAir, type OnAirSong } from '../hooks/use-on-air';
import { usePlayer } from '../hooks/use-player';
import type { PlayerState } from '../lib/live-player-controller';
import { isIOSDevice } from '../lib/platform';
import { Equalizer, PlayToggle } from './play-toggle';
import { VolumeControl } from './volume-control';

function PlaybackStatus({ state, stationName }: { state: PlayerState; stationName: string }) {
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

function SongProgress({
  elapsed,
  duration,
  receivedAt,
}: {
  elapsed: number;
  duration: number;
  receivedAt: number;
}) {
  const now = useNow();
  const position = Math.min(duration, Math.max(0, elapsed + (now - receivedAt) / 1000));
  return (
    <div className="grid gap-1.5" aria-hidden="true">
      <div className="h-1 overflow-hidden rounded-full bg-white/15">
        <div
          className="h-full rounded-full bg-orange-300 transition-[width] duration-1000 ease-linear"
          style={{ width: `${(position / duration) * 100}%` }}
        />
      </div>
      <div className="flex justify-between text-xs text-ink-foreground/65 tabular-nums">
        <span>{formatDuration(position)}</span>
        <span>{formatDuration(duration)}</span>
      </div>
    </div>
  );
}

function CurrentSong({ song, stationName }: { song: OnAirSong | null; stationName: string }) {
  return (
    <div role="group" aria-label="Nu te horen" className="grid min-w-0 gap-1">
      <p className="line-clamp-2 text-xl leading-tight font-extrabold tracking-tight text-balance sm:text-2xl">
        {song?.title ?? stationName}
      </p>
      <p className="truncate text-base text-ink-foreground/80">{song?.artist ?? 'Live radio'}</p>
    </div>
  );
}

/** Where the song's progress goes while now playing loads: the same height, so nothing moves. */
function SongProgressPlaceholder() {
  return (
    <div className="grid gap-1.5" aria-hidden="true">
      <div className="h-1 rounded-full bg-white/15" />
      <div className="h-4" />
    </div>
  );
}

const PLAYER_FILE_LINK =
  'inline-flex items-center gap-1.5 rounded-md border border-white/25 px-2.5 py-1 font-semibold';

/**
 * The player files; while the station's addresses load, the same row with the links greyed out
 * (as wide and as high as they will be, so nothing moves when they arrive).
 */
function PlayerFileLinks({ info }: { info: StationInfo | undefined }) {
  const links = [
    { href: info?.playlistM3uUrl, label: 'M3U' },
    { href: info?.playlistPlsUrl, label: 'PLS' },
  ];
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-white/10 pt-4 text-sm text-ink-foreground/75">
      <span>Luister in je eigen mediaspeler:</span>
      <span className="flex gap-2">
        {links.map(({ href, label }) =>
          href === undefined ? (
            <span
              key={label}
              aria-hidden="true"
              className={cn(PLAYER_FILE_LINK, 'animate-pulse text-transparent')}
            >
              <Download className="size-3.5" />
              {label}
            </span>
          ) : (
            <a
              key={label}
              href={href}
              download
              className={cn(
                PLAYER_FILE_LINK,
                'text-ink-foreground transition-colors hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-orange-300 focus-visible:outline-none',
              )}
            >
              <Download aria-hidden="true" className="size-3.5" />
              {/* The name starts with the visible text (WCAG 2.5.3, label in name). */}
              {label}
              <span className="sr-only"> afspeellijstbestand downloaden</span>
            </a>
          ),
        )}
      </span>
    </div>
  );
}

/** The stream addresses are not known yet: the button waits like it does while loading. */
const ignore = () => {};

/**
 * The live player: play/pause, what is on air, volume (not on iOS), audio errors and the
 * player files. Every instance drives the app's one audio element (see PlayerProvider).
 */
export function LivePlayer({ className }: { className?: string }) {
  const { controller, state, registerFullPlayer } = usePlayer();
  const { nowPlaying, stationInfo, stationName, song } = useOnAir();
  const [showVolume] = useState(() => !isIOSDevice());
  const info = stationInfo.data;
  const current = nowPlaying.data?.now_playing;

  useEffect(() => registerFullPlayer(), [registerFullPlayer]);
  useEffect(() => {
    if (info) controller.setSources([info.streamUrl, info.streamFallbackUrl]);
  }, [controller, info]);

  return (
    <section
      aria-label="Livespeler"
      className={cn(
        'relative isolate overflow-hidden rounded-2xl bg-ink p-5 text-ink-foreground shadow-xl shadow-ink/20 sm:p-7',
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-16 -z-10 size-64 rounded-full bg-primary/50 blur-3xl"
      />
      <div className="grid gap-5">
        <div className="flex min-h-5 items-center justify-between gap-3">
          <p className="flex min-w-0 items-center gap-2 text-xs font-bold tracking-widest text-orange-300 uppercase">
            <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-live" />
            <span className="truncate">Nu op {stationName}</span>
          </p>
          <PlaybackStatus state={state} stationName={stationName} />
        </div>

        <div className="flex items-center gap-4 sm:gap-5">
          <PlayToggle
            state={stationInfo.isPending ? { ...state, isLoading: true } : state}
            onToggle={stationInfo.isPending ? ignore : controller.toggle}
            size="lg"
          />
          {nowPlaying.data ? (
            <CurrentSong song={song} stationName={stationName} />
          ) : nowPlaying.isPending ? (
            <div className="grid flex-1 gap-2" aria-label="Laden wat er nu speelt">
              <Skeleton className="h-6 w-3/4 bg-white/15" />
              <Skeleton className="h-4 w-1/2 bg-white/15" />
            </div>
          ) : (
            <p className="text-lg font-bold">Kan niet laden wat er nu speelt</p>
          )}
        </div>

        {current && current.duration > 0 ? (
          <SongProgress
            key={current.played_at}
            elapsed={current.elapsed}
            duration={current.duration}
            receivedAt={nowPlaying.dataUpdatedAt}
          />
        ) : (
          nowPlaying.isPending && <SongProgressPlaceholder />
        )}

        {nowPlaying.isError && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white/5 px-3 py-2 text-sm">
            <p className="min-w-0 break-words text-ink-foreground/85">
              {failureMessage(nowPlaying.error)}
            </p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void nowPlaying.refetch()}
              disabled={nowPlaying.isFetching}
              className="border-white/30 bg-transparent text-ink-foreground hover:bg-white/10 hover:text-ink-foreground"
            >
              <RotateCw
                aria-hidden="true"
                className={cn(nowPlaying.isFetching && 'animate-spin')}
              />
              Opnieuw proberen
            </Button>
          </div>
        )}

        {state.error && (
          <p
            role="alert"
            className="flex items-center gap-2 rounded-lg border border-red-300/40 bg-red-500/20 px-3 py-2 text-sm font-semibold text-red-50"
          >
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-red-200" />
            {state.error}
          </p>
        )}

        {showVolume && <VolumeControl volume={state.volume} onChange={controller.setVolume} />}

        {(info || stationInfo.isPending) && <PlayerFileLinks info={info} />}
      </div>
    </section>
  );
}
