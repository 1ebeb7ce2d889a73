import { describe, expect, it } from 'vitest';
import { renderNowPlaying, type NowPlayingSnapshot } from '../src/index.ts';

const observedAt = Date.parse('2026-11-21T14:00:00Z');
const song = { artist: 'Doe Maar', title: 'Is dit alles', album: null };
const snapshot: NowPlayingSnapshot = {
  stationName: 'Radio Polderklank',
  isLive: false,
  isStale: false,
  current: { playedAt: observedAt / 1000 - 10, duration: 0, elapsed: 10, song },
  history: [],
  observedAt,
  listeners: null,
  playingNext: null,
  pollIntervalMs: 10_000,
};

describe('renderNowPlaying', () => {
  it('counts on without an end when the duration is unknown', () => {
    const body = renderNowPlaying(snapshot, observedAt + 65_900, 'Radio Lokaal');
    expect(body.now_playing).toMatchObject({ duration: 0, elapsed: 75, remaining: 0 });
    expect(body.generated_at).toBe(Math.floor((observedAt + 65_900) / 1000));
  });

  it('gives the start in milliseconds too, when the snapshot has them', () => {
    const started = observedAt - 10_250;
    const exact = { ...snapshot, current: { ...snapshot.current!, playedAtMs: started } };
    expect(renderNowPlaying(exact, observedAt, 'x').now_playing).toMatchObject({
      played_at: snapshot.current!.playedAt,
      played_at_ms: started,
    });
    expect(renderNowPlaying(snapshot, observedAt, 'x').now_playing).not.toHaveProperty(
      'played_at_ms',
    );
  });

  it('is stale when the worker flagged it', () => {
    expect(renderNowPlaying({ ...snapshot, isStale: true }, observedAt, 'x').is_stale).toBe(true);
  });

  it('is stale by its age alone after two missed polls (worker or Redis down), not minutes', () => {
    // Two polls 10 s apart missed, plus the 5 s the last one may wait for the source.
    expect(renderNowPlaying(snapshot, observedAt + 25_000, 'x').is_stale).toBe(false);
    expect(renderNowPlaying(snapshot, observedAt + 25_001, 'x').is_stale).toBe(true);
    const everyMinute = { ...snapshot, pollIntervalMs: 60_000 };
    expect(renderNowPlaying(everyMinute, observedAt + 150_000, 'x').is_stale).toBe(false);
    expect(renderNowPlaying(everyMinute, observedAt + 150_001, 'x').is_stale).toBe(true);
  });
});
