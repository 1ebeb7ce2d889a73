import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useMediaSessionControls } from '../hooks/use-media-session';
import { PlayerContext, type PlayerContextValue } from '../hooks/use-player';
import { setListenerDelay } from '@/lib/server-clock';
import { useTwoFingerDoubleTap } from '@/lib/use-two-finger-double-tap';
import { LivePlayerController } from '../lib/live-player-controller';
import { MiniPlayer } from './mini-player';
import { MediaSessionMetadata } from './media-session-metadata';

/**
 * Owns the app's single audio element, so the stream keeps playing while the listener moves
 * between pages. Pages show it with <LivePlayer>; elsewhere a mini player appears while it
 * plays. Magic tap: VoiceOver's magic tap plays/pauses the system's current audio, which
 * arrives here through the Media Session handlers; the focused play button answers Enter and
 * Space; and a two-finger double touch within 500 ms toggles wherever a player is shown.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const [controller] = useState(() => new LivePlayerController());
  const state = useSyncExternalStore(
    controller.subscribe,
    controller.getState,
    controller.getState,
  );
  const [fullPlayers, setFullPlayers] = useState(0);
  const audioRef = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    controller.attach(audioRef.current);
    return () => controller.attach(null);
  }, [controller]);

  // What "now" is for the listener: the requests' "Nu op de radio" follows the ear.
  useEffect(() => setListenerDelay(controller.liveDelayMs), [controller]);

  const registerFullPlayer = useCallback(() => {
    setFullPlayers((count) => count + 1);
    return () => setFullPlayers((count) => count - 1);
  }, []);

  const isOn = state.isPlaying || state.isLoading || state.isReconnecting;
  const showMiniPlayer = fullPlayers === 0 && (isOn || state.error !== null);

  useMediaSessionControls({
    play: controller.play,
    stop: controller.stop,
    isPlaying: state.isPlaying,
  });
  useTwoFingerDoubleTap(controller.toggle, fullPlayers > 0 || showMiniPlayer);

  const value = useMemo<PlayerContextValue>(
    () => ({ controller, state, registerFullPlayer }),
    [controller, state, registerFullPlayer],
  );

  return (
    <PlayerContext value={value}>
      {children}
      <audio ref={audioRef} preload="none" hidden />
      {isOn && <MediaSessionMetadata />}
      {showMiniPlayer && <MiniPlayer />}
    </PlayerContext>
  );
}
