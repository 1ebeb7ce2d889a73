import { describe, expect, it } from 'vitest';
import { repeatedPrefixLength } from './stream-feed';

/** A stand-in for encoded audio: bytes that do not repeat (a fixed pseudo-random sequence). */
function stream(length: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

describe('repeatedPrefixLength (a reconnect to Icecast, which starts with a burst of what it sent)', () => {
  const live = stream(200_000);

  it('skips exactly the part of the burst the old connection already got', () => {
    const tail = live.subarray(0, 120_000); // the old connection broke off here
    const burst = live.subarray(120_000 - 50_000, 120_000 + 14_000); // 64 kB up to "now"

    expect(repeatedPrefixLength(tail, burst)).toBe(50_000);
  });

  it('waits for more when the new bytes so far all repeat the tail', () => {
    const tail = live.subarray(0, 120_000);

    expect(repeatedPrefixLength(tail, live.subarray(90_000, 100_000))).toBeNull();
    expect(repeatedPrefixLength(tail, live.subarray(90_000, 90_100))).toBeNull();
  });

  it('takes nothing as repeated after a gap longer than the burst', () => {
    const tail = live.subarray(0, 120_000);

    expect(repeatedPrefixLength(tail, live.subarray(130_000, 194_000))).toBe(0);
  });

  it('takes nothing as repeated from another stream (a restarted encoder)', () => {
    expect(repeatedPrefixLength(live.subarray(0, 120_000), stream(64_000, 7))).toBe(0);
  });

  it('does not take a match of the first bytes that the rest contradicts', () => {
    const tail = live.subarray(0, 120_000);
    const burst = new Uint8Array(64_000);
    burst.set(live.subarray(100_000, 104_000)); // the same first 4 kB, then something else
    burst.set(stream(60_000, 9), 4_000);

    expect(repeatedPrefixLength(tail, burst)).toBe(0);
  });

  it('continues a stretch of identical frames (silence) at once, with the shortest repeat', () => {
    const silence = new Uint8Array(200_000).fill(0x55); // LAME's silent frames
    const tail = new Uint8Array([...live.subarray(0, 50_000), ...silence]);
    const burst = new Uint8Array([...silence.subarray(0, 60_000), ...live.subarray(0, 4_000)]);

    const repeated = repeatedPrefixLength(tail, burst);

    // Known from the burst alone (a longer match would wait for bytes the buffer cannot wait
    // for); what is appended is silence, then the new audio.
    expect(repeated).toBe(2048);
    expect(burst.subarray(repeated!).at(-4_001)).toBe(0x55);
  });

  it('takes a tail shorter than a match as nothing to compare with', () => {
    expect(repeatedPrefixLength(live.subarray(0, 1_000), live.subarray(0, 64_000))).toBe(0);
  });
});
