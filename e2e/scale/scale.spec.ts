/**
 * The scale-out suite: the native stack with three copies of the requests service
 * (REQUESTS_REPLICAS=3, playwright.config.ts), everything through the gateway as a listener's
 * browser would send it.
 *   (a) 20 parallel submits of one listener whose limit is 3 an hour, spread over the copies:
 *       exactly 3 accepted, 17 refused with 429 and the Dutch text, 3 rows;
 *   (b) under a steady load of submits and reads, kill -9 one copy: every answer a 2xx/4xx or a
 *       fast (< 1 s) 503, every accepted (201) request a row afterwards; how long errors lasted;
 *       the supervisor restarts the copy and the gateway sends it requests again;
 *   (c) back to one copy (the other two stopped for good): no error, exactly 3 again.
 * The figures are printed (and attached to the report).
 */
import { readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createListener, sql } from '../support/pages.ts';
import { alive, baseURL, dataDir } from '../support/stack.ts';
import { pace, whenTrue } from '../support/waiting.ts';
import {
  badAnswers,
  countBy,
  LIMIT_TEXT,
  percentile,
  type Sample as LoadSample,
} from './answers.ts';
import { SCALE_TRACKS, scaleArtist } from './global-setup.ts';

interface Sample extends LoadSample {
  client: string;
}

async function call(
  client: string,
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  data?: unknown,
): Promise<Sample> {
  const at = Date.now();
  let status = 0;
  let body: Sample['body'] = null;
  try {
    const response = await fetch(`${baseURL()}${url}`, {
      method,
      headers: { cookie, ...(data ? { 'content-type': 'application/json' } : {}) },
      body: data ? JSON.stringify(data) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    status = response.status;
    const text = await response.text();
    try {
      body = JSON.parse(text) as Sample['body'];
    } catch {
      body = null;
    }
  } catch {
    // no answer at all (status 0)
  }
  return { client, method, url, status, ms: Date.now() - at, at, body };
}

/** A listener made in the database (limit: 3 an hour unless `perHour`), logged in. */
async function listener(
  name: string,
  perHour?: number,
): Promise<{ email: string; cookie: string }> {
  const account = await createListener(name, 'schaal');
  if (perHour) {
    await sql('update users set custom_requests_per_hour = $1 where email = $2', [
      perHour,
      account.email,
    ]);
  }
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(response.status, await response.text()).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email: account.email, cookie };
}

interface Track {
  id: number;
  path: string;
}
let tracks: Track[] = [];
const submitOf = (track: Track) => ({
  source: 'local',
  libraryTrackId: track.id,
  filename: track.path,
});

/** The copies of the requests service as the gateway has them: port and pid file, in order. */
function copies(): { name: string; port: number }[] {
  const config = readFileSync(path.join(dataDir(), 'run/nginx/nginx.conf'), 'utf8');
  const block = /upstream gateway_requests \{([^}]*)\}/.exec(config)?.[1] ?? '';
  return [...block.matchAll(/server 127\.0\.0\.1:(\d+) max_fails=1/g)].map((match, i) => ({
    name: i === 0 ? 'requests' : `requests-${i + 1}`,
    port: Number(match[1]),
  }));
}

function pidOf(name: string): number {
  return Number(readFileSync(path.join(dataDir(), 'run/pids', `${name}.pid`), 'utf8').trim());
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The gateway's access log from byte `from` on; each line ends with up=<copies tried>. */
const accessLog = () => path.join(dataDir(), 'logs/gateway-access.log');
const logSize = (): number => statSync(accessLog()).size;
function logSince(from: number): string[] {
  return readFileSync(accessLog()).subarray(from).toString('utf8').split('\n').filter(Boolean);
}
/** Requests in these log lines that the copy on `port` answered (the last address tried). */
function answeredBy(lines: string[], port: number): number {
  return lines.filter((line) => new RegExp(`up=(?:\\S+, )*127\\.0\\.0\\.1:${port}$`).test(line))
    .length;
}

function figures(title: string, values: Record<string, unknown>): void {
  const text = `${title}\n${Object.entries(values)
    .map(([key, value]) => `  ${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n')}`;
  console.log(text);
  test.info().annotations.push({ type: 'figures', description: text });
}

/**
 * 20 parallel submits of a new listener (3 an hour) for 20 different tracks: exactly 3 accepted,
 * 17 refused with the Dutch limit text, 3 rows.
 */
async function exactlyThree(name: string, picks: Track[]): Promise<Record<string, number>> {
  const { email, cookie } = await listener(name);
  const answers = await Promise.all(
    picks.map((track) => call('exact', 'POST', '/api/requests', cookie, submitOf(track))),
  );
  const accepted = answers.filter((a) => a.status === 201);
  const refused = answers.filter((a) => a.status === 429);
  expect(countBy(answers)).toEqual({ 201: 3, 429: 17 });
  for (const answer of refused) {
    expect(answer.body).toMatchObject({ code: 'HOURLY_LIMIT' });
    expect(answer.body?.message).toMatch(LIMIT_TEXT);
  }
  const stored = await sql<{ id: number }>(
    'select r.id from song_requests r join users u on u.id = r.user_id where u.email = $1',
    [email],
  );
  expect(stored.map((r) => r.id).sort()).toEqual(accepted.map((a) => a.body?.id).sort());
  return countBy(answers);
}

test.beforeAll(async () => {
  // Every client runs from 127.0.0.1: the per-address waiting limit would refuse the load's
  // submits; the per-listener limit is what (a) is about.
  await sql('update dj_settings set max_requests_per_ip = 100000');
  await expect
    .poll(
      async () =>
        (
          await sql<{ n: number }>(
            "select count(*)::int as n from library_tracks where gone_at is null and artist like 'Schaal Artiest %'",
          )
        )[0]?.n,
      { message: 'the scale library is indexed', timeout: 60_000 },
    )
    .toBe(SCALE_TRACKS);
  const indexed = await sql<Track & { artist: string }>(
    "select id, path, artist from library_tracks where gone_at is null and artist like 'Schaal Artiest %'",
  );
  const byArtist = new Map(indexed.map((t) => [t.artist, t]));
  tracks = Array.from({ length: SCALE_TRACKS }, (_, i) => byArtist.get(scaleArtist(i + 1))!);
  expect(copies()).toHaveLength(3);
  // A copy that refused the start-up probes (before it listened) is left out for 5 s: wait until
  // the gateway sends to every copy.
  const from = logSize();
  await expect
    .poll(
      async () => {
        await Promise.all(
          Array.from({ length: 6 }, () => call('warm-up', 'GET', '/api/recent-requests', '')),
        );
        const lines = logSince(from);
        return copies()
          .filter((copy) => answeredBy(lines, copy.port) === 0)
          .map((c) => c.name);
      },
      { message: 'every copy answers through the gateway', timeout: 20_000 },
    )
    .toEqual([]);
});

test('(a) 20 parallel submits of one listener with limit 3 over three copies: exactly 3', async () => {
  const from = logSize();
  const counts = await exactlyThree('Schaal Luisteraar', tracks.slice(0, 20));
  const lines = logSince(from).filter((line) => line.includes('"POST /api/requests '));
  const spread = Object.fromEntries(copies().map((c) => [c.name, answeredBy(lines, c.port)]));
  figures('(a) exact-N across copies', { answers: counts, 'submits per copy': spread });
  // The gateway spread them: every copy took part.
  for (const copy of copies()) expect(spread[copy.name], copy.name).toBeGreaterThan(0);
});

/** Answers of the load (about 40 a second when the machine is quiet) before a kill or a stop. */
const LOAD_WARM = 60;

interface Load {
  samples: Sample[];
  /** Until the load has had `count` answers to requests sent from `since` on. */
  answered: (count: number, since?: number) => Promise<void>;
  stop: () => Promise<void>;
}

/** Two listeners submitting (fresh tracks from `next`) and two reading, until stopped. */
async function startLoad(next: () => Track | undefined): Promise<Load> {
  const samples: Sample[] = [];
  let running = true;
  const submitters = await Promise.all(
    [1, 2].map((i) => listener(`Drukke Luisteraar ${i}`, 100_000)),
  );
  const reader = await listener('Lezende Luisteraar');
  const submitting = async (cookie: string, client: string) => {
    while (running) {
      const track = next();
      if (track) samples.push(await call(client, 'POST', '/api/requests', cookie, submitOf(track)));
      await pace(100);
    }
  };
  const reading = async (client: string, urls: string[]) => {
    for (let i = 0; running; i++) {
      samples.push(await call(client, 'GET', urls[i % urls.length]!, reader.cookie));
      await pace(50);
    }
  };
  const loops = [
    submitting(submitters[0]!.cookie, 'submit-1'),
    submitting(submitters[1]!.cookie, 'submit-2'),
    reading('read-1', ['/api/pending-requests', '/api/requests/mine']),
    reading('read-2', ['/api/recent-requests', '/api/pending-requests']),
  ];
  return {
    samples,
    answered: (count, since = 0) =>
      expect
        .poll(() => samples.filter((s) => s.at >= since && s.status > 0).length, {
          message: `${count} answers of the load`,
          timeout: 30_000,
        })
        .toBeGreaterThanOrEqual(count),
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Every accepted request of the load is a row. */
async function acceptedAreStored(samples: Sample[]): Promise<number> {
  const ids = samples.filter((s) => s.status === 201).map((s) => s.body?.id);
  const stored = await sql<{ id: number }>('select id from song_requests where id = any($1)', [
    ids,
  ]);
  expect(stored.length, 'accepted requests stored').toBe(ids.length);
  return ids.length;
}

let nextTrack = 20;
const freshTrack = (): Track | undefined =>
  nextTrack < SCALE_TRACKS - 20 ? tracks[nextTrack++] : undefined;

test('(b) kill -9 of one copy under load: no acknowledged request lost, only fast 503s', async () => {
  const [, victim] = copies();
  const load = await startLoad(freshTrack);
  await load.answered(LOAD_WARM);
  const oldPid = pidOf(victim!.name);
  const killAt = Date.now();
  process.kill(oldPid, 'SIGKILL');
  const logAtKill = logSize();

  // The supervisor starts it again (a new pid, listening on its port).
  const restartedAt = await whenTrue(async () => {
    const pid = pidOf(victim!.name);
    return pid !== oldPid && alive(pid) && (await listening(victim!.port));
  }, 30_000);
  expect(restartedAt, `${victim!.name} restarted`).toBeGreaterThan(0);

  // The gateway sends it requests again (after the 5 s a failed copy is left out).
  const logAtRestart = logSize();
  const servingAt = await whenTrue(
    () => answeredBy(logSince(logAtRestart), victim!.port) > 0,
    20_000,
    200,
  );
  await load.stop();

  const { samples } = load;
  const afterKill = samples.filter((s) => s.at + s.ms >= killAt);
  const errors = samples.filter((s) => s.status >= 500 || s.status === 0);
  const lastError = Math.max(...errors.map((s) => s.at + s.ms), killAt);
  const linesAfterKill = logSince(logAtKill);
  const accepted = await acceptedAreStored(samples);
  figures('(b) kill -9 of one copy under load', {
    'requests (after the kill)': `${samples.length} (${afterKill.length})`,
    answers: countBy(samples),
    accepted,
    '503s (slowest ms)': `${errors.length} (${Math.max(0, ...errors.map((s) => s.ms))})`,
    'errors ended, s after the kill': ((lastError - killAt) / 1000).toFixed(2),
    'gateway tries on the dead copy passed to another': linesAfterKill.filter((l) =>
      l.includes(`127.0.0.1:${victim!.port}, `),
    ).length,
    'restarted by the supervisor, s after the kill': ((restartedAt - killAt) / 1000).toFixed(2),
    'answering through the gateway again, s after the kill': servingAt
      ? ((servingAt - killAt) / 1000).toFixed(2)
      : 'no',
    'p99 ms': percentile(samples, 0.99),
  });
  expect(badAnswers(samples)).toEqual([]);
  expect(servingAt, `${victim!.name} takes traffic again`).toBeGreaterThan(0);
  // Errors only right around the kill: the gateway stopped sending to the dead copy at once.
  expect(lastError - killAt).toBeLessThan(5_000);
});

test('(c) back to one copy: the others stopped for good, no errors, exactly 3 again', async () => {
  const [first, ...others] = copies();
  const load = await startLoad(freshTrack);
  await load.answered(LOAD_WARM / 3);
  const logAtStop = logSize();
  const supervisors: number[] = [];
  for (const copy of others) {
    // Its supervisor (the parent of the copy's process) stops it and exits: no restart.
    const supervisor = Number(readFileSync(`/proc/${pidOf(copy.name)}/stat`, 'utf8').split(' ')[3]);
    process.kill(supervisor, 'SIGTERM');
    supervisors.push(supervisor);
  }
  const stoppedAt = Date.now();
  for (const copy of others) {
    await expect.poll(() => listening(copy.port), { timeout: 15_000 }).toBe(false);
  }
  // Stopped for good: no supervisor is left to start them again, and the load goes on.
  await expect
    .poll(() => supervisors.filter(alive).length, { message: 'the supervisors exited' })
    .toBe(0);
  await load.answered(LOAD_WARM, Date.now());
  await load.stop();
  for (const copy of others)
    expect(await listening(copy.port), `${copy.name} stays stopped`).toBe(false);
  const accepted = await acceptedAreStored(load.samples);
  const late = logSince(logAtStop);
  const counts = await exactlyThree('Schaal Luisteraar Twee', tracks.slice(SCALE_TRACKS - 20));
  figures('(c) back to one copy', {
    'requests under load': load.samples.length,
    answers: countBy(load.samples),
    accepted,
    'stopped copies, s': ((Date.now() - stoppedAt) / 1000).toFixed(1),
    'answered by the remaining copy after the stop': `${answeredBy(late, first!.port)} of ${late.length}`,
    'exact-N on one copy': counts,
  });
  expect(badAnswers(load.samples)).toEqual([]);
});
