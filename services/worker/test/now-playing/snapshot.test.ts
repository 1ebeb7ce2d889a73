import { describe, expect, it } from 'vitest';
import type { NowPlaying, PlayedSong } from '@radio/station';
import { snapshotOf, visiblePlaysOf, visiblyChanged } from '../../src/now-playing/snapshot.ts';

const play = (id: number, isVisible = true): PlayedSong => ({
  sourceId: String(id),
  playedAt: new Date(id * 1000),
  duration: 200,
  title: `Titel ${id}`,
  artist: `Artiest ${id}`,
  album: null,
  isVisible,
});

const answer: NowPlaying = {
  stationName: 'Radio Polderklank',
  isOnline: true,
  isLive: false,
  current: { ...play(100), elapsed: 20, remaining: 180 },
  recent: [play(99, false), play(98), play(97), play(96), play(95), play(94), play(93)],
};

describe('snapshotOf', () => {
  it('keeps the current song and the last 5 visible plays, in unix seconds', () => {
    const snapshot = snapshotOf(answer, new Date(120_500), 10_000);
    expect(snapshot).toMatchObject({
      stationName: 'Radio Polderklank',
      isLive: false,
      isStale: false,
      current: { playedAt: 100, duration: 200, elapsed: 20, song: { title: 'Titel 100' } },
      observedAt: 120_500,
      pollIntervalMs: 10_000,
    });
    expect(snapshot.history.map((item) => item.playedAt)).toEqual([98, 97, 96, 95, 94]);
  });

  it("keeps the current song's start in milliseconds beside the seconds", () => {
    const current = { ...answer.current!, playedAt: new Date(100_750) };
    const snapshot = snapshotOf({ ...answer, current }, new Date(120_500), 10_000);
    expect(snapshot.current).toMatchObject({ playedAt: 100, playedAtMs: 100_750 });
  });

  it('keeps the listeners and the next song when the source tells them, null otherwise', () => {
    const told = snapshotOf(
      {
        ...answer,
        listeners: { current: 42, unique: 37 },
        playingNext: { artist: 'Doe Maar', title: 'Smoorverliefd', duration: 215 },
      },
      new Date(),
      10_000,
    );
    expect(told).toMatchObject({
      listeners: { current: 42, unique: 37 },
      playingNext: { artist: 'Doe Maar', title: 'Smoorverliefd', duration: 215 },
    });
    expect(snapshotOf(answer, new Date(), 10_000)).toMatchObject({
      listeners: null,
      playingNext: null,
    });
  });

  it('has no current song when the source has none', () => {
    expect(snapshotOf({ ...answer, current: null }, new Date(), 10_000).current).toBeNull();
  });
});

describe('visiblePlaysOf', () => {
  it('lists the current play and every visible recent one, never a hidden one', () => {
    expect(visiblePlaysOf(answer).map((p) => p.sourceId)).toEqual([
      '100',
      '98',
      '97',
      '96',
      '95',
      '94',
      '93',
    ]);
  });
});

describe('visiblyChanged', () => {
  const before = snapshotOf(answer, new Date(120_500), 10_000);

  it('is false for a poll that only aged the same song (elapsed, observedAt, listeners)', () => {
    const later = snapshotOf(
      {
        ...answer,
        current: { ...play(100), elapsed: 30, remaining: 170 },
        listeners: { current: 3, unique: 2 },
      },
      new Date(130_500),
      10_000,
    );
    expect(visiblyChanged(before, later)).toBe(false);
    expect(
      visiblyChanged(before, { ...before, playingNext: { artist: 'a', title: 't', duration: 1 } }),
    ).toBe(false);
  });

  it('is true for another song, start, history, live or stale flag, or station name', () => {
    const changes = [
      snapshotOf(
        { ...answer, current: { ...play(101), elapsed: 0, remaining: 200 } },
        new Date(130_500),
        10_000,
      ),
      { ...before, current: before.current && { ...before.current, playedAt: 101 } },
      { ...before, history: before.history.slice(1) },
      { ...before, isLive: true },
      { ...before, isStale: true },
      { ...before, stationName: 'Radio Anders' },
      { ...before, current: null },
    ];
    for (const after of changes) expect(visiblyChanged(before, after)).toBe(true);
    expect(visiblyChanged(null, before)).toBe(true);
  });
});
