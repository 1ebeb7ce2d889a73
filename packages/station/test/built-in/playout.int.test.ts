/**
 * The built-in station for real (station/radio.liq, station/icecast.xml.template, run through
 * scripts/station.sh as `make up` runs them), against a stand-in for the requests service's
 * station endpoints: it reports what it plays, takes queued entries, and streams MP3.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnTethered, stopProcess, waitFor } from '@radio/testing';

const root = path.resolve(import.meta.dirname, '../../../..');
const stationScript = path.join(root, 'scripts', 'station.sh');
const KEY = 'playout-test-station-key';

interface Report {
  apiKey: string | undefined;
  body: Record<string, unknown>;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'radio-station-'));
const libraryDir = path.join(dataDir, 'library');
const requestLibraryDir = path.join(dataDir, 'request-library');
const queuedFile = path.join(dataDir, 'Wachtrij - Verzoeknummer.mp3');
const reports: Report[] = [];
/** Reports answered 503 (the first one is), as if the service were restarting. */
const refused: Report[] = [];
let nextUri: string | null = null;
let stationApi: http.Server;
const processes: ChildProcess[] = [];
let icecastPort: number;
/** What Icecast and Liquidsoap printed, shown when they do not play. */
let output = '';

async function waitForReport(what: string, found: (report: Report) => boolean): Promise<Report> {
  try {
    await waitFor(async () => reports.some(found), what, 30_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- station output ---\n${output.slice(-3000)}`, {
      cause: error,
    });
  }
  return reports.find(found)!;
}

/** Answers like the requests service: /next hands out `nextUri` once, track reports are kept. */
function startStationApi(): Promise<number> {
  stationApi = http.createServer((request, response) => {
    if (request.url === '/internal/station/next') {
      if (!nextUri) return void response.writeHead(204).end();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ uri: nextUri }));
      nextUri = null;
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const apiKey = request.headers['x-api-key'];
      const report = {
        apiKey: typeof apiKey === 'string' ? apiKey : undefined,
        body: JSON.parse(body),
      };
      if (refused.length === 0) {
        refused.push(report);
        return void response.writeHead(503).end();
      }
      reports.push(report);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    stationApi.listen(0, '127.0.0.1', () => resolve((stationApi.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  const requestsPort = await startStationApi();
  icecastPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ENV_FILE: path.join(dataDir, 'no.env'),
    DATA_DIR: dataDir,
    STATION: 'builtin',
    LIBRARY_DIR: libraryDir,
    REQUEST_LIBRARY_DIR: requestLibraryDir,
    DEMO_TRACK_COUNT: '2',
    DEMO_REQUEST_TRACK_COUNT: '2',
    DEMO_TRACK_SECONDS: '4',
    ICECAST_PORT: String(icecastPort),
    ICECAST_SOURCE_PASSWORD: 'bron-wachtwoord',
    ICECAST_ADMIN_PASSWORD: 'beheer-wachtwoord',
    REQUESTS_PORT: String(requestsPort),
    STATION_API_KEY: KEY,
    STATION_NAME: 'Radio Test',
    NO_COLOR: '1',
  };
  execFileSync(stationScript, ['prepare'], { env, stdio: 'pipe' });
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=660:duration=4'],
    ...['-c:a', 'libmp3lame', '-b:a', '128k', '-metadata', 'title=Verzoeknummer', queuedFile],
  ]);
  for (const part of ['icecast', 'liquidsoap']) {
    const child = spawnTethered(stationScript, [part], { env });
    const keep = (chunk: Buffer) => (output += `[${part}] ${chunk.toString()}`);
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    processes.push(child);
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(processes.map((child) => stopProcess(child)));
  stationApi?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the built-in station', () => {
  it('reports each track it starts, with the station key', async () => {
    const first = await waitForReport('a track report', () => true);
    expect(first.apiKey).toBe(KEY);
    expect(first.body).toMatchObject({
      artist: expect.any(String),
      title: expect.any(String),
      album: expect.any(String),
      filename: expect.stringContaining(libraryDir),
    });
    expect(first.body.duration).toBeCloseTo(4, 0);
    expect(first.body).toMatchObject({ playId: expect.any(String), startedAt: expect.any(Number) });
  }, 45_000);

  it('repeats a report the service did not store, with the same play id, until it is stored', () => {
    expect(refused).toHaveLength(1);
    const again = reports.filter((report) => report.body.playId === refused[0]!.body.playId);
    expect(again.map((report) => report.body)).toEqual([refused[0]!.body]);
    // Each play is reported once it is stored: no two reports of one play id.
    const ids = reports.map((report) => report.body.playId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('plays a queued entry when the current track ends', async () => {
    nextUri = queuedFile;
    const queued = await waitForReport('the queued track', (report) => {
      return report.body.title === 'Verzoeknummer';
    });
    expect(queued.body.filename).toBe(queuedFile);
  }, 35_000);

  it('plays a request-only song only when it is queued, from its absolute path', async () => {
    const requestOnly = readdirSync(requestLibraryDir).filter((name) => name.endsWith('.mp3'));
    expect(requestOnly).toEqual(['Anneke Bosman - Zomeravond aan Zee.mp3', expect.any(String)]);
    expect(
      reports.some((report) => String(report.body.filename).startsWith(requestLibraryDir)),
    ).toBe(false);
    const song = path.join(requestLibraryDir, requestOnly[0]!);
    nextUri = song;
    const queued = await waitForReport('the request-only song', (report) => {
      return report.body.filename === song;
    });
    expect(queued.body).toMatchObject({ artist: 'Anneke Bosman', title: 'Zomeravond aan Zee' });
  }, 35_000);

  it('streams MP3 on the Icecast mount', async () => {
    const response = await fetch(`http://127.0.0.1:${icecastPort}/radio.mp3`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    const reader = response.body!.getReader();
    let audio = Buffer.alloc(0);
    while (audio.length < 16_000) {
      const { value, done } = await reader.read();
      if (done) break;
      audio = Buffer.concat([audio, value]);
    }
    await reader.cancel();
    // MPEG-1 Layer III frame headers (0xFFFB: no CRC).
    expect(audio.includes(Buffer.from([0xff, 0xfb]))).toBe(true);
  });
});

describe('station/radio.liq', () => {
  it('passes liquidsoap --check', () => {
    const emptyLibrary = mkdtempSync(path.join(os.tmpdir(), 'radio-empty-library-'));
    try {
      execFileSync('liquidsoap', ['--check', path.join(root, 'station', 'radio.liq')], {
        env: {
          PATH: process.env.PATH,
          STATION_API_URL: 'http://127.0.0.1:1/internal/station',
          STATION_API_KEY: KEY,
          LIBRARY_DIR: emptyLibrary,
          ICECAST_SOURCE_PASSWORD: 'x',
          STATION_SPOOL_DIR: path.join(emptyLibrary, 'spool'),
        },
        stdio: 'pipe',
        timeout: 30_000,
      });
    } finally {
      rmSync(emptyLibrary, { recursive: true, force: true });
    }
  }, 35_000);
});
