import { SONG_HISTORY_LENGTH, type NowPlayingSnapshot, type Song } from '@radio/contracts';
import type { NowPlaying, PlayedSong } from '@radio/station';

const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

const songOf = (play: PlayedSong): Song => ({
  artist: play.artist,
  title: play.title,
  album: play.album,
});

/** What listeners are shown of a source's answer, polled every `pollIntervalMs`. */
export function snapshotOf(
  answer: NowPlaying,
  observedAt: Date,
  pollIntervalMs: number,
): NowPlayingSnapshot {
  const { current } = answer;
  return {
    stationName: answer.stationName,
    isLive: answer.isLive,
    isStale: false,
    current: current && {
      playedAt: unixSeconds(current.playedAt),
      playedAtMs: current.playedAt.getTime(),
      duration: current.duration,
      elapsed: Math.max(0, current.elapsed),
      song: songOf(current),
    },
    history: answer.recent
      .filter((play) => play.isVisible)
      .slice(0, SONG_HISTORY_LENGTH)
      .map((play) => ({ playedAt: unixSeconds(play.playedAt), song: songOf(play) })),
    listeners: answer.listeners ?? null,
    playingNext: answer.playingNext ?? null,
    observedAt: observedAt.getTime(),
    pollIntervalMs,
  };
}

/** The plays of an answer that belong in play_history: the current one and the recent ones. */
export function visiblePlaysOf(answer: NowPlaying): PlayedSong[] {
  const plays = answer.current ? [answer.current, ...answer.recent] : answer.recent;
  return plays.filter((play) => play.isVisible);
}

/**
 * What a listener's page shows of a snapshot: the station, the live and stale flags, the song
 * and when it started, the recent songs (not the age, listeners or the next song).
 */
function visiblePart(snapshot: NowPlayingSnapshot): unknown[] {
  const song = ({ artist, title, album }: Song): unknown[] => [artist, title, album];
  const { current } = snapshot;
  return [
    snapshot.stationName,
    snapshot.isLive,
    snapshot.isStale,
    current && [current.playedAt, current.duration, song(current.song)],
    snapshot.history.map((play) => [play.playedAt, song(play.song)]),
  ];
}

/** True when listeners would see `after` differently from `before` (null: nothing before). */
export function visiblyChanged(
  before: NowPlayingSnapshot | null,
  after: NowPlayingSnapshot,
): boolean {
  return (
    before === null || JSON.stringify(visiblePart(before)) !== JSON.stringify(visiblePart(after))
  );
}
