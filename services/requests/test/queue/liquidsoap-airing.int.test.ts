/**
 * A request airs on the built-in station's real playout: Liquidsoap runs station/radio.liq
 * against this service (only its Icecast output is swapped for a dummy one, so no Icecast is
 * needed), takes the request from /next, plays it and reports it; the request becomes played.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import { spawnTethered, stopProcess } from '@radio/testing';
import { makeMp3 } from '../audio.ts';
import { buildRequestsApp } from '../build.ts';
import { seedTrack } from '../requests/seed.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'radio-airing-'));
const libraryDir = path.join(dir, 'library');
const requestOnlyDir = path.join(dir, 'request-only');

/** Three seconds of a tone. */
const tone = (tags: Record<string, string>) => ({ seconds: 3, tone: true, tags });

let t: TestApp;
let liquidsoap: ChildProcess | undefined;
let output = '';

beforeAll(async () => {
  mkdirSync(libraryDir);
  mkdirSync(requestOnlyDir);
  makeMp3(path.join(libraryDir, 'Rotatie - Een.mp3'), tone({ artist: 'Rotatie', title: 'Een' }));
  makeMp3(path.join(libraryDir, 'Rotatie - Twee.mp3'), tone({ artist: 'Rotatie', title: 'Twee' }));
  makeMp3(
    path.join(requestOnlyDir, 'Femke de Wit - Tegenwind.mp3'),
    tone({
      artist: 'Femke de Wit',
      title: 'Tegenwind',
    }),
  );
  t = await createTestApp(buildRequestsApp, {
    LIBRARY_DIR: libraryDir,
    REQUEST_LIBRARY_DIR: requestOnlyDir,
  });
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });

  const script = readFileSync(new URL('../../../../station/radio.liq', import.meta.url), 'utf8');
  const outputAt = script.indexOf('output.icecast(');
  expect(outputAt).toBeGreaterThan(0);
  const scriptFile = path.join(dir, 'radio.liq');
  writeFileSync(scriptFile, `${script.slice(0, outputAt)}output.dummy(radio)\n`);
  liquidsoap = spawnTethered('liquidsoap', [scriptFile], {
    env: {
      ...process.env,
      STATION_API_URL: `${address}/internal/station`,
      STATION_API_KEY: t.env.STATION_API_KEY,
      LIBRARY_DIR: libraryDir,
      ICECAST_SOURCE_PASSWORD: 'niet-gebruikt',
      STATION_SPOOL_DIR: path.join(dir, 'spool'),
    },
  });
  liquidsoap.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  liquidsoap.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
}, 60_000);

afterAll(async () => {
  if (liquidsoap) await stopProcess(liquidsoap);
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a request on the built-in station’s real playout', () => {
  it('airs and becomes played without anyone touching it', async () => {
    // As the library scan indexes it: by its library path, not the server's.
    await seedTrack(t.app.db, {
      title: 'Tegenwind',
      artist: 'Femke de Wit',
      path: 'verzoek/Femke de Wit - Tegenwind.mp3',
      duration: 3,
    });
    const client = await t.as('listener');
    const found = await client.get('/api/search?title=tegenwind');
    const hit = found.json().data[0] as { filename: string };
    expect(hit.filename).toBe('verzoek/Femke de Wit - Tegenwind.mp3');
    const created = await client.post('/api/requests', { filename: hit.filename });
    expect(created.statusCode).toBe(201);

    const status = async () =>
      (
        await t.app.db
          .selectFrom('songRequests')
          .select(['status', 'playedAt'])
          .where('id', '=', created.json().id)
          .executeTakeFirstOrThrow()
      ).status;
    await expect
      .poll(status, { timeout: 45_000, interval: 500 })
      .toBe('played')
      .catch((error: unknown) => {
        throw new Error(`${String(error)}\nliquidsoap said:\n${output.slice(-3000)}`);
      });
    const plays = await t.app.db.selectFrom('builtInPlays').select(['title', 'filename']).execute();
    expect(plays).toContainEqual({
      title: 'Tegenwind',
      filename: path.join(requestOnlyDir, 'Femke de Wit - Tegenwind.mp3'),
    });
  }, 60_000);
});
