import { describe, expect, it } from 'vitest';
import type { NowPlayingResponse } from '@radio/contracts';
import { holdFor } from './use-heard-now-playing';

const answer = (playedAtMs: number | null, title = 'Zoutelande'): NowPlayingResponse => ({
  station: { name: 'Radio Lokaal' },
  is_live: false,
  is_stale: false,
  now_playing:
    playedAtMs === null
      ? null
      : {
          played_at: Math.floor(playedAtMs / 1000),
          played_at_ms: playedAtMs,
          duration: 200,
          elapsed: 0,
          remaining: 200,
          song: { artist: 'BLØF', title, album: null },
        },
  song_history: [],
  generated_at: Math.floor((playedAtMs ?? 0) / 1000),
});

describe('holdFor: when the next song is shown', () => {
  const start = 1_800_000_000_000;

  it('waits until the listener, 4.2 s behind the live edge, hears the new song start', () => {
    const heard = start + 500 - 4_200; // the encoder started it 0.5 s ago
    expect(holdFor(answer(start - 200_000, 'Vorig'), answer(start), heard)).toBe(3_700);
  });

  it('shows it at once on a page without the player (it hears nothing: no delay)', () => {
    expect(holdFor(answer(start - 200_000, 'Vorig'), answer(start), start + 500)).toBe(0);
  });

  it('shows the first answer, the same song again and an empty station at once', () => {
    expect(holdFor(undefined, answer(start), start - 4_000)).toBe(0);
    expect(holdFor(answer(start), answer(start), start - 4_000)).toBe(0);
    expect(holdFor(answer(start), answer(null), start - 4_000)).toBe(0);
  });

  it('uses whole seconds when the station gives no milliseconds (AzuraCast)', () => {
    const seconds = answer(start + 900);
    delete seconds.now_playing!.played_at_ms;
    expect(holdFor(answer(start - 200_000), seconds, start - 1_000)).toBe(1_000);
  });

  it('never holds a song back longer than half a minute (a clock gone wrong)', () => {
    expect(holdFor(answer(start - 200_000), answer(start), start - 45_000)).toBe(0);
  });
});
