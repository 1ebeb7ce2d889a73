import { useEffect, useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useOnAir } from '../hooks/use-on-air';
import { usePlayer } from '../hooks/use-player';
import { isIOSDevice } from '../lib/platform';
import { CurrentSong } from './current-song';
import { NowPlayingError } from './now-playing-error';
import { PlayToggle } from './play-toggle';
import { PlaybackStatus } from './playback-status';
import { PlayerFileLinks } from './player-file-links';
import { SongProgress } from './song-progress';
import { SongProgressPlaceholder } from './song-progress-placeholder';
import { VolumeControl } from './volume-control';

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
          <NowPlayingError
            error={nowPlaying.error}
            isFetching={nowPlaying.isFetching}
            onRetry={() => void nowPlaying.refetch()}
          />
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
