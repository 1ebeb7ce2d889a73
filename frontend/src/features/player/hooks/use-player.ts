import { createContext, use } from 'react';
import type { LivePlayerController, PlayerState } from '../lib/live-player-controller';

export type PlayerContextValue = {
  controller: LivePlayerController;
  state: PlayerState;
  /** A full player shows itself; the mini player stays away while one does. Returns its undo. */
  registerFullPlayer: () => () => void;
};

export const PlayerContext = createContext<PlayerContextValue | null>(null);

/** The one live player of the app (its audio keeps playing across pages). */
export function usePlayer(): PlayerContextValue {
  const value = use(PlayerContext);
  if (!value) throw new Error('usePlayer needs a <PlayerProvider> around it');
  return value;
}
