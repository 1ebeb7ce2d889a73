import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as newRequest, test } from '@playwright/test';
import pg from 'pg';
import { stopStack, waitForStack } from '../support/global-setup.ts';
import { toneMp3 } from '../support/audio.ts';
import { createListener, logIn, requestSong } from '../support/pages.ts';
import {
  adminCredentials,
  artifactsDir,
  baseURL,
  databaseUrl,
  freePorts,
  PORT_NAMES,
  repoRoot,
  stackPort,
  type PortName,
} from '../support/stack.ts';

// Backup and restore as an operator runs them: `make backup` of the running stack, `make
// restore` into a fresh DATA_DIR, a second stack started on it, and the same data found there.

const POSTGRES_PASSWORD = 'e2e'; // the global setup's
// Made in the test, not at load: Playwright also loads this file in its runner process.
let workDir = '';
let backupDir = '';

const sha256 = (bytes: Buffer | Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

async function query<Row>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** The durable data a restore must bring back (columns the running stack does not change). */
async function durableData(url: string) {
  return {
    users: await query(url, 'select id, email, password_hash, name, role from users order by id'),
    requests: await query(
      url,
      'select id, user_id, title, artist, filename, message, voicetrack_url from song_requests order by id',
    ),
    uploads: await query(
      url,
      'select id, object_key, size_bytes, status, library_path from cloud_uploads order by id',
    ),
    voiceMessages: await query(
      url,
      'select id, user_id, object_key from voice_messages order by id',
    ),
  };
}

const plays = (url: string) =>
  query<{ id: string; title: string; played_at: Date }>(
    url,
    'select id::text, title, played_at from play_history order by id',
  );

/** Runs a script of the repository with these variables; its output and exit code. */
function run(script: string, env: NodeJS.ProcessEnv): { status: number; output: string } {
  const result = spawnSync('bash', [path.join(repoRoot, 'scripts', script)], {
    cwd: repoRoot,
    env: { ...process.env, NO_COLOR: '1', ...env },
    encoding: 'utf8',
  });
  return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

/** The variables of a stack on DATA_DIR `dataDir`, with these ports (as the global setup sets them). */
function stackEnv(dataDir: string, ports: Record<string, number>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    ENV_FILE: path.join(dataDir, '.env'),
    HTTP_HOST: '127.0.0.1',
    STATION: 'builtin',
    DEMO_TRACK_COUNT: '6',
    DEMO_TRACK_SECONDS: '8',
    POSTGRES_PASSWORD,
    POSTGRES_EPHEMERAL: '1',
    ADMIN_EMAIL: adminCredentials().email,
    ADMIN_PASSWORD: adminCredentials().password,
    LOG_FORMAT: 'json',
    NO_COLOR: '1',
    RADIO_TETHER_PID: String(process.pid),
    BACKUP_DIR: backupDir,
  };
  for (const [name, port] of Object.entries(ports)) env[name] = String(port);
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'FORCE_COLOR',
    'LIBRARY_DIR',
    'PUBLIC_ORIGIN',
    'STORAGE_DIR',
  ]) {
    delete env[name];
  }
  return env;
}

/** A set of free ports for a second stack, named as the harness names them. */
function freshPorts(): Record<PortName, number> {
  const ports = freePorts(PORT_NAMES.length);
  return Object.fromEntries(PORT_NAMES.map((name, i) => [name, ports[i] ?? 0])) as Record<
    PortName,
    number
  >;
}

test.beforeAll(() => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'radio-backup-test-'));
  backupDir = path.join(workDir, 'backups');
});
test.afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test('a backup of a running stack, restored into a fresh data folder, brings back users, plays, requests and files', async () => {
  const stackA = process.env.E2E_DATA_DIR ?? '';
  const envA = stackEnv(
    stackA,
    Object.fromEntries(PORT_NAMES.map((name) => [name, stackPort(name)])),
  );
  const admin = await newRequest.newContext({ baseURL: baseURL() });
  const listener = await newRequest.newContext({ baseURL: baseURL() });
  await logIn(admin, adminCredentials());
  const account = await createListener('Backup Luisteraar', 'backup');
  await logIn(listener, account);

  // A voice message, a request with it, and an upload the admin adds to the library.
  const voiceBytes = toneMp3(440);
  const voice = await listener.post('/api/voicetrack-upload', {
    multipart: {
      submittedBy: 'Backup Luisteraar',
      message: 'Groeten uit de back-up',
      audio: { name: 'stem.mp3', mimeType: 'audio/mpeg', buffer: voiceBytes },
    },
  });
  expect(voice.status(), await voice.text()).toBe(201);
  const { downloadUrl } = (await voice.json()) as { downloadUrl: string };
  const requested = await requestSong(listener, 'Sneeuw op de Veluwe', 'Voor oma');
  expect(requested.status(), await requested.text()).toBe(201);
  const uploadBytes = toneMp3(660);
  const uploaded = await listener.post('/api/cloud-upload', {
    multipart: {
      artist: 'Backup Band',
      title: 'Herstelde Noten',
      submittedBy: 'Backup Luisteraar',
      audio: {
        name: 'Backup Band - Herstelde Noten.mp3',
        mimeType: 'audio/mpeg',
        buffer: uploadBytes,
      },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { upload } = (await uploaded.json()) as { upload: { id: number } };
  expect(
    (
      await admin.patch(`/api/cloud-uploads/${upload.id}/status`, { data: { status: 'approved' } })
    ).ok(),
  ).toBe(true);
  expect((await admin.post(`/api/cloud-uploads/${upload.id}/library`)).status()).toBe(202);
  let libraryPath = '';
  await expect
    .poll(
      async () => {
        const list = (await (await admin.get('/api/cloud-uploads?status=approved')).json()) as {
          uploads: { id: number; libraryStatus: string | null; libraryPath: string | null }[];
        };
        const found = list.uploads.find((u) => u.id === upload.id);
        libraryPath = found?.libraryPath ?? '';
        return found?.libraryStatus;
      },
      { message: 'the upload is in the library', timeout: 60_000 },
    )
    .toBe('added');
  await expect
    .poll(async () => (await plays(databaseUrl())).length, {
      message: 'a play in the history',
      timeout: 60_000,
    })
    .toBeGreaterThan(0);

  // The backup, while the stack runs.
  const before = await durableData(databaseUrl());
  const playsBefore = await plays(databaseUrl());
  const libraryFileBefore = sha256(readFileSync(path.join(stackA, 'library', libraryPath)));
  const backup = run('backup.sh', envA);
  expect(backup.status, backup.output).toBe(0);
  console.log(backup.output);
  const archives = readdirSync(backupDir).filter((name) =>
    /^radio-backup-\d{8}T\d{6}Z\.tar$/.test(name),
  );
  expect(archives).toHaveLength(1);
  const archive = path.join(backupDir, archives[0] ?? '');

  // A restore never touches a running stack.
  const refused = run('restore.sh', { ...envA, BACKUP: archive, OVERWRITE: '1' });
  expect(refused.status).not.toBe(0);
  expect(refused.output).toContain('is running');

  // Into a fresh data folder, with no settings file yet: the backup's is used.
  const stackB = mkdtempSync(path.join(os.tmpdir(), 'radio-restored-'));
  chmodSync(stackB, 0o755);
  const portsB = freshPorts();
  const envB = stackEnv(stackB, portsB);
  try {
    const restored = run('restore.sh', { ...envB, BACKUP: archive });
    expect(restored.status, restored.output).toBe(0);
    console.log(restored.output);
    const again = run('restore.sh', { ...envB, BACKUP: archive });
    expect(again.status).not.toBe(0);
    expect(again.output).toContain('OVERWRITE=1');

    const log = openSync(path.join(artifactsDir, 'backup-restored-stack.log'), 'w');
    const stack = spawn('bash', [path.join(repoRoot, 'scripts', 'up.sh')], {
      cwd: repoRoot,
      env: envB,
      detached: true,
      stdio: ['ignore', log, log],
    });
    let exited = false;
    stack.once('exit', () => (exited = true));
    try {
      await waitForStack(portsB.HTTP_PORT, () => exited);
      const urlB = `postgres://radio:${POSTGRES_PASSWORD}@127.0.0.1:${portsB.POSTGRES_PORT}/radio`;
      expect(await durableData(urlB)).toEqual(before);
      // The restored station plays on, so its history grows; the backup's plays are all there.
      expect((await plays(urlB)).slice(0, playsBefore.length)).toEqual(playsBefore);

      const baseB = `http://localhost:${portsB.HTTP_PORT}`;
      const adminB = await newRequest.newContext({ baseURL: baseB });
      const listenerB = await newRequest.newContext({ baseURL: baseB });
      await logIn(adminB, adminCredentials());
      await logIn(listenerB, account);
      const voiceBack = await listenerB.get(downloadUrl);
      expect(voiceBack.status()).toBe(200);
      expect(sha256(await voiceBack.body())).toBe(
        sha256(await (await listener.get(downloadUrl)).body()),
      );
      const audioBack = await adminB.get(`/api/cloud-uploads/${upload.id}/audio`);
      expect(audioBack.status()).toBe(200);
      expect(sha256(await audioBack.body())).toBe(sha256(uploadBytes));
      expect(sha256(readFileSync(path.join(stackB, 'library', libraryPath)))).toBe(
        libraryFileBefore,
      );
      // The listener's own requests, whatever became of it meanwhile (waiting, or aired: the
      // restored station plays on; /api/recent-requests would list it only once aired).
      const mine = (await (await listenerB.get('/api/requests/mine')).json()) as {
        data: { title: string; message: string | null }[];
      };
      expect(mine.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ title: 'Sneeuw op de Veluwe', message: 'Voor oma' }),
        ]),
      );
      // Each process of the native stack serves its metrics on its lib.sh port.
      for (const [name, series] of [
        [
          'AUTH_METRICS_PORT',
          /http_request_duration_seconds_count\{[^}]*route="\/api\/auth\/login"/,
        ],
        ['WORKER_METRICS_PORT', /radio_queue_jobs\{[^}]*queue="now-playing"/],
      ] as const) {
        const text = await (await fetch(`http://127.0.0.1:${portsB[name]}/metrics`)).text();
        expect(text.match(series), name).not.toBeNull();
      }
      await adminB.dispose();
      await listenerB.dispose();
    } finally {
      await stopStack(stack);
    }
    // A stopped stack is backed up too: its Postgres runs for the dump only.
    const stopped = run('backup.sh', envB);
    expect(stopped.status, stopped.output).toBe(0);
    expect(stopped.output).toContain('the stack is stopped');
    expect(readdirSync(backupDir).filter((name) => name.endsWith('.tar'))).toHaveLength(2);
    // OVERWRITE=1 replaces the data of a stopped stack.
    const overwritten = run('restore.sh', { ...envB, BACKUP: archive, OVERWRITE: '1' });
    expect(overwritten.status, overwritten.output).toBe(0);
    expect(overwritten.output).toContain('OVERWRITE=1: replacing the data');
    expect(overwritten.output).toContain('database restored: 2 users');
  } finally {
    rmSync(stackB, { recursive: true, force: true });
    await admin.dispose();
    await listener.dispose();
  }
});
