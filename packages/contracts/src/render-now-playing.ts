import { staleAfterOf, type NowPlayingResponse, type NowPlayingSnapshot } from './now-playing.ts';

/**
 * The listeners' view of a snapshot at `nowMs`, in whole seconds: the body of GET /api/now-playing
 * (playlist) and of the live `now-playing` event (worker, requests), rendered one way.
 */
export function renderNowPlaying(
  snapshot: NowPlayingSnapshot | null,
  nowMs: number,
  fallbackStationName: string,
): NowPlayingResponse {
  const generatedAt = Math.floor(nowMs / 1000);
  if (!snapshot) {
    return {
      station: { name: fallbackStationName },
      is_live: false,
      is_stale: false,
      now_playing: null,
      song_history: [],
      generated_at: generatedAt,
    };
  }
  const ageMs = Math.max(0, nowMs - snapshot.observedAt);
  const { current } = snapshot;
  let nowPlaying: NowPlayingResponse['now_playing'] = null;
  if (current) {
    const elapsed = current.elapsed + Math.floor(ageMs / 1000);
    const known = current.duration > 0;
    nowPlaying = {
      played_at: current.playedAt,
      ...(current.playedAtMs === undefined ? {} : { played_at_ms: current.playedAtMs }),
      duration: current.duration,
      elapsed: known ? Math.min(elapsed, current.duration) : elapsed,
      remaining: known ? Math.max(0, current.duration - elapsed) : 0,
      song: current.song,
    };
  }
  return {
    station: { name: snapshot.stationName || fallbackStationName },
    is_live: snapshot.isLive,
    // Also from the age alone: honest when the worker or Redis is down and nobody marks it.
    is_stale: snapshot.isStale || nowMs > staleAfterOf(snapshot),
    now_playing: nowPlaying,
    song_history: snapshot.history.map((play) => ({ played_at: play.playedAt, song: play.song })),
    generated_at: generatedAt,
  };
}
