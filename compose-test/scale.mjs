// The scale-out checks of the compose stack (compose-test/run.sh, after `up --scale
// requests=N`), in a container on the stack's network, every call through the gateway:
//   (a) 20 parallel submits of one listener whose limit is 3 an hour: exactly 3 accepted,
//       17 refused with the Dutch limit text, 3 rows;
//   (b) under a steady load of submits and reads, one copy's process is killed (kill -9 by
//       run.sh, asked through the /signals folder): every answer a 2xx/4xx or a fast (< 1 s)
//       503, every accepted request a row, errors only within seconds of the kill; Docker's
//       restart policy brings the copy back and Docker's DNS (which the gateway follows) has it;
//   (c) back to one copy (run.sh scales down under load): no bad answer, exactly 3 again.
// The library it needs (TRACKS songs by artists of their own) is written into the stack's
// library volume first and indexed by the worker. Figures are printed as JSON lines.
// PHASE=upgrade (run again later): the same load while run.sh upgrades the stack
// (scripts/compose-upgrade.sh, or a rolling update on the Swarm) until it says it is done; the
// same checks of every answer. PHASE=node-stop (the Swarm test): the same while a node is
// stopped and started again; no track of the library may be marked gone meanwhile.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import { createRequire } from 'node:module';
import { check, client, json, log, loggedInAdmin, poll, sleep } from './client.mjs';
import { badAnswers, countBy, LIMIT_TEXT, percentile } from '/scale/answers.ts';
import { scaleArtist, writeScaleLibrary } from '/scale/scale-library.ts';

const pg = createRequire('/app/packages/db/package.json')('pg');
const COPIES = Number(process.env.SCALE ?? 3);
const PHASE = process.env.PHASE ?? 'scale';
/** How many songs the library gets: the Swarm test's node-stop phase needs its own 240. */
const TRACKS = Number(process.env.TRACKS ?? 500);
/** Which songs each part submits (a song is requested once). */
const RANGES = {
  a: [0, 20],
  b: [20, 140],
  c: [140, 220],
  upgrade: [220, 480],
  cExact: [480, 500],
  'node-stop': [500, 740],
};
/** The phases that put the load on while run.sh does what the phase is named after. */
const DURING = { upgrade: 'upgrade', 'node-stop': 'a node stopped and started again' };
const PASSWORD = 'een-lang-wachtwoord-123';
const SIGNALS = '/signals';

const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
const rows = async (text, values = []) => (await db.query(text, values)).rows;

function figures(title, values) {
  console.log(`figures ${JSON.stringify({ [title]: values })}`);
}

/** Asks run.sh for `what` (a file in /signals) and waits until it says it is done. */
async function ask(what, timeoutMs = 60_000) {
  writeFileSync(`${SIGNALS}/${what}`, String(Date.now()));
  const done = `${SIGNALS}/${what}.done`;
  await poll(`run.sh did "${what}"`, timeoutMs, () => existsSync(done), 100);
  return Number(readFileSync(done, 'utf8'));
}

/** The addresses of the requests copies that Docker's DNS has and that answer /readyz. */
async function readyCopies() {
  const found = await lookup('requests', { all: true }).catch(() => []);
  const ready = await Promise.all(
    found.map(async ({ address }) => {
      const response = await fetch(`http://${address}:3000/readyz`, {
        signal: AbortSignal.timeout(2000),
      }).catch(() => null);
      return response?.ok ? address : null;
    }),
  );
  return ready.filter(Boolean);
}

async function call(who, method, url, body) {
  const at = Date.now();
  let status = 0;
  let answer = null;
  try {
    const response = await who(method, url, body, { timeoutMs: 15_000 });
    status = response.status;
    answer = await response.json().catch(() => null);
  } catch {
    // no answer at all (status 0)
  }
  return { method, url, status, ms: Date.now() - at, at, body: answer };
}

/** How often each call got each status other than 200/201, e.g. {"GET /api/x 404": 3}. */
const unusual = (samples) =>
  countBy(
    samples
      .filter((s) => s.status !== 200 && s.status !== 201)
      .map((s) => ({ status: `${s.method} ${s.url} ${s.status}` })),
  );

const { admin } = await loggedInAdmin();
await json(
  await admin('POST', '/api/dj-settings/registration', { enabled: true }),
  'open registration',
);
// Every client here has one address (this container's): the per-address waiting limit would
// refuse the load; the per-listener limit is what (a) is about.
await rows('update dj_settings set max_requests_per_ip = 100000');

let listeners = 0;
/**
 * A new listener, registered through the gateway (5 an address an hour: the smoke checks took
 * one, this file takes four); `perHour` as the admin's custom limit.
 */
async function listener(perHour) {
  listeners += 1;
  const who = client();
  const email = `schaal-${listeners}-${Date.now()}@example.nl`;
  const user = await json(
    await who('POST', '/api/auth/register', {
      email,
      password: PASSWORD,
      name: `Schaal Luisteraar ${listeners}`,
    }),
    'listener registration',
  );
  if (perHour) {
    await rows('update users set custom_requests_per_hour = $1 where id = $2', [perHour, user.id]);
  }
  return { who, id: user.id, email };
}

/** The two listeners without a limit that submit under load: registered once, kept for PHASE=upgrade. */
const BUSY = `${SIGNALS}/busy-listeners.json`;
async function busyListeners() {
  if (!existsSync(BUSY)) {
    const made = await Promise.all([listener(100_000), listener(100_000)]);
    writeFileSync(BUSY, JSON.stringify(made.map(({ email }) => email)));
    return made;
  }
  return Promise.all(
    JSON.parse(readFileSync(BUSY, 'utf8')).map(async (email) => {
      const who = client();
      await json(await who('POST', '/api/auth/login', { email, password: PASSWORD }), 'login');
      return { who, email };
    }),
  );
}

// The library, written into the volume the worker indexes.
if (PHASE === 'scale') writeScaleLibrary('/library/request-only/schaal', TRACKS);
const indexed = await poll(
  `the worker indexed the ${TRACKS} scale songs`,
  90_000,
  async () => {
    const found = await rows(
      "select id, path, artist from library_tracks where gone_at is null and artist like 'Schaal Artiest %'",
    );
    return found.length === TRACKS ? found : null;
  },
  1000,
);
const byArtist = new Map(indexed.map((t) => [t.artist, t]));
const tracks = Array.from({ length: TRACKS }, (_, i) => byArtist.get(scaleArtist(i + 1)));
const submitOf = (track) => ({ source: 'local', libraryTrackId: track.id, filename: track.path });
if (PHASE === 'scale') log(`${TRACKS} scale songs in the library volume, indexed`);

if (DURING[PHASE]) {
  const goneCount = async () =>
    Number((await rows('select count(*) from library_tracks where gone_at is not null'))[0].count);
  const goneBefore = await goneCount();
  const load = await startLoad(RANGES[PHASE], 1000);
  const doneAt = await ask(PHASE, 600_000);
  await sleep(3_000);
  await load.stop();
  const accepted = await acceptedAreStored(load.samples);
  const goneAfter = await goneCount();
  const values = {
    requests: load.samples.length,
    answers: countBy(load.samples),
    accepted,
    slowest: (({ method, url, status, ms, at }) => ({
      call: `${method} ${url}`,
      status,
      ms,
      's into the load': ((at - load.startedAt) / 1000).toFixed(1),
    }))(load.samples.reduce((a, b) => (b.ms > a.ms ? b : a))),
    'p99 ms': percentile(load.samples, 0.99),
    'done after, s': ((doneAt - load.startedAt) / 1000).toFixed(1),
    'answers slower than 1 s': load.samples.filter((s) => s.ms >= 1000).length,
    'other answers': unusual(load.samples),
    'errors at (s into the load)': load.samples
      .filter((s) => s.status === 0 || s.status >= 500)
      .map((s) => ((s.at - load.startedAt) / 1000).toFixed(1)),
    'library tracks marked gone meanwhile': goneAfter - goneBefore,
  };
  figures(`${DURING[PHASE]} under load`, values);
  const bad = badAnswers(load.samples);
  check(
    bad.length === 0,
    `bad answers during "${DURING[PHASE]}": ${JSON.stringify(bad.slice(0, 5))}`,
  );
  check(goneAfter === goneBefore, `library tracks marked gone: ${goneBefore} → ${goneAfter}`);
  log(
    `${DURING[PHASE]} under load: ${load.samples.length} answers ${JSON.stringify(values.answers)}, ` +
      `${accepted} accepted all stored, slowest ${values.slowest.ms} ms`,
  );
  await db.end();
  process.exit(0);
}

const copies = await poll(`${COPIES} requests copies in DNS and ready`, 60_000, async () => {
  const ready = await readyCopies();
  return ready.length === COPIES ? ready : null;
});
log(`${COPIES} requests copies ready: ${copies.join(', ')}`);

async function exactlyThree(picks) {
  const { who, id } = await listener();
  const answers = await Promise.all(
    picks.map((track) => call(who, 'POST', '/api/requests', submitOf(track))),
  );
  const counts = countBy(answers);
  check(
    counts[201] === 3 && counts[429] === 17,
    `20 parallel submits (limit 3): ${JSON.stringify(counts)}`,
  );
  for (const answer of answers.filter((a) => a.status === 429)) {
    check(
      answer.body?.code === 'HOURLY_LIMIT' && LIMIT_TEXT.test(answer.body?.message ?? ''),
      `a refusal says the Dutch limit text: ${JSON.stringify(answer.body)}`,
    );
  }
  const stored = await rows('select id from song_requests where user_id = $1 order by id', [id]);
  const accepted = answers
    .filter((a) => a.status === 201)
    .map((a) => a.body.id)
    .sort((x, y) => x - y);
  check(
    JSON.stringify(stored.map((r) => r.id)) === JSON.stringify(accepted),
    `the 3 accepted are the listener's only rows: ${JSON.stringify(stored)} vs ${JSON.stringify(accepted)}`,
  );
  return counts;
}

// (a)
const exact = await exactlyThree(tracks.slice(...RANGES.a));
log(`(a) 20 parallel submits over ${COPIES} copies, limit 3: ${JSON.stringify(exact)}, 3 rows`);
figures('(a) exact-N across copies', { answers: exact });

/**
 * The busy listeners submitting the songs of `range` (one each `pauseMs`) and reading what
 * every service answers, until stopped.
 */
async function startLoad([from, to], pauseMs = 300) {
  const samples = [];
  let running = true;
  let next = from;
  const submitters = await busyListeners();
  const reader = submitters[0];
  const submitting = async ({ who }) => {
    while (running) {
      if (next < to)
        samples.push(await call(who, 'POST', '/api/requests', submitOf(tracks[next++])));
      await sleep(pauseMs);
    }
  };
  const reading = async (urls) => {
    for (let i = 0; running; i++) {
      samples.push(await call(reader.who, 'GET', urls[i % urls.length]));
      await sleep(50);
    }
  };
  const loops = [
    ...submitters.map(submitting),
    reading(['/api/pending-requests', '/api/requests/mine', '/api/auth/user']),
    reading(['/api/recent-requests', '/api/playlist/available-dates', '/api/cloud-uploads/mine']),
  ];
  return {
    samples,
    startedAt: Date.now(),
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function acceptedAreStored(samples) {
  const ids = samples.filter((s) => s.status === 201).map((s) => s.body?.id);
  const stored = await rows('select id from song_requests where id = any($1)', [ids]);
  check(
    stored.length === ids.length,
    `accepted requests stored: ${stored.length} of ${ids.length}`,
  );
  return ids.length;
}

// (b)
{
  const load = await startLoad(RANGES.b);
  await sleep(5_000);
  const killAt = await ask('kill-copy');
  const back = await poll(
    `the killed copy is restarted and in DNS again (${COPIES} ready)`,
    60_000,
    async () => {
      const ready = await readyCopies();
      return ready.length === COPIES ? Date.now() : null;
    },
    200,
  );
  await sleep(4_000);
  await load.stop();
  const { samples } = load;
  const errors = samples.filter((s) => s.status >= 500 || s.status === 0);
  const lastError = Math.max(...errors.map((s) => s.at + s.ms), killAt);
  const accepted = await acceptedAreStored(samples);
  const bad = badAnswers(samples);
  const values = {
    requests: samples.length,
    'after the kill': samples.filter((s) => s.at + s.ms >= killAt).length,
    answers: countBy(samples),
    accepted,
    '503s (slowest ms)': `${errors.length} (${Math.max(0, ...errors.map((s) => s.ms))})`,
    'errors ended, s after the kill': ((lastError - killAt) / 1000).toFixed(2),
    'slowest answer after the kill, ms': Math.max(
      0,
      ...samples.filter((s) => s.at + s.ms >= killAt).map((s) => s.ms),
    ),
    'restarted and ready in DNS, s after the kill': ((back - killAt) / 1000).toFixed(2),
    'p99 ms': percentile(samples, 0.99),
    'other answers': unusual(samples),
  };
  figures('(b) kill -9 of one copy under load', values);
  check(
    bad.length === 0,
    `answers that are neither 2xx/4xx nor fast 503s: ${JSON.stringify(bad.slice(0, 5))}`,
  );
  check(
    lastError - killAt < 5_000,
    `errors lasted ${values['errors ended, s after the kill']} s after the kill`,
  );
  log(
    `(b) kill -9 of a copy under load: ${samples.length} answers ${JSON.stringify(values.answers)}, ` +
      `${accepted} accepted all stored, errors ended ${values['errors ended, s after the kill']} s after the kill, ` +
      `copy back in ${values['restarted and ready in DNS, s after the kill']} s`,
  );
}

// (c)
{
  const load = await startLoad(RANGES.c);
  await sleep(2_000);
  const scaledAt = await ask('scale-down', 120_000);
  await poll(
    'one requests copy left in DNS',
    30_000,
    async () => (await readyCopies()).length === 1,
  );
  await sleep(4_000);
  await load.stop();
  const accepted = await acceptedAreStored(load.samples);
  const bad = badAnswers(load.samples);
  const counts = await exactlyThree(tracks.slice(...RANGES.cExact));
  figures('(c) back to one copy', {
    'requests under load': load.samples.length,
    answers: countBy(load.samples),
    accepted,
    'load after the scale-down, s': ((Date.now() - scaledAt) / 1000).toFixed(1),
    'exact-N on one copy': counts,
  });
  check(bad.length === 0, `bad answers while scaling down: ${JSON.stringify(bad.slice(0, 5))}`);
  log(
    `(c) back to one copy under load: ${load.samples.length} answers ${JSON.stringify(countBy(load.samples))}, ` +
      `${accepted} accepted all stored; exact-N on one copy ${JSON.stringify(counts)}`,
  );
}
await db.end();
