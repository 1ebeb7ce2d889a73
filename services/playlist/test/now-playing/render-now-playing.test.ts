import { describe, expect, it } from 'vitest';
import type { NowPlayingSnapshot } from '@radio/contracts';
import { renderNowPlaying, STALE_AFTER_MS } from '../../src/now-playing/render-now-playing.ts';

const observedAt = Date.parse('2026-11-21T14:00:00Z');
const song = { artist: 'Doe Maar', title: 'Is dit alles', album: null };
const snapshot: NowPlayingSnapshot = {
  stationName: 'Radio Polderklank',
  isLive: false,
  isStale: false,
  current: { playedAt: observedAt / 1000 - 10, duration: 0, elapsed: 10, song },
  history: [],
  observedAt,
};

describe('renderNowPlaying', () => {
  it('counts on without an end when the duration is unknown', () => {
    const body = renderNowPlaying(snapshot, observedAt + 65_900, 'Radio Lokaal');
    expect(body.now_playing).toMatchObject({ duration: 0, elapsed: 75, remaining: 0 });
    expect(body.generated_at).toBe(Math.floor((observedAt + 65_900) / 1000));
  });

  it('is stale when the worker flagged it, or when it has not reported for minutes', () => {
    expect(renderNowPlaying({ ...snapshot, isStale: true }, observedAt, 'x').is_stale).toBe(true);
    expect(renderNowPlaying(snapshot, observedAt + STALE_AFTER_MS, 'x').is_stale).toBe(false);
    expect(renderNowPlaying(snapshot, observedAt + STALE_AFTER_MS + 1, 'x').is_stale).toBe(true);
  });
});
