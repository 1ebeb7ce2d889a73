import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDecoder } from '../src/decoder.ts';
import { craftWav } from './crafted-audio.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'radio-decoder-'));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** A named pipe: ffprobe reading it waits until the test writes a file into it. */
function pipe(name: string): string {
  const file = path.join(dir, name);
  execFileSync('mkfifo', [file]);
  return file;
}

describe('the decode queue', () => {
  it('queues a run while another runs, refuses one past the queue at once, and times a run from its start', async () => {
    const run = createDecoder({ concurrency: 1, queueMax: 1, timeoutMs: 1_000 });
    const probe = (file: string) =>
      run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file]);
    const stuck = pipe('nooit.wav');
    const waiting = pipe('wacht.wav');

    const first = probe(stuck);
    const second = probe(waiting);
    await expect(probe(waiting)).rejects.toMatchObject({
      statusCode: 503,
      code: 'DECODER_BUSY',
      message: 'De server is druk met andere opnames; probeer het over een minuut opnieuw.',
      headers: { 'retry-after': '60' },
    });

    // The first run never gets its file and is stopped by the timeout; the second, queued all
    // that time, then gets the whole timeout for itself.
    await expect(first).rejects.toMatchObject({ killed: true });
    await writeFile(waiting, craftWav({ rate: 8000, bits: 16, seconds: 1 }));
    expect((await second).stdout.trim()).toBe('pcm_s16le');
  });
});
