/**
 * The audit trail of each admin change, in one run on one Postgres and Redis: the auth, requests
 * and uploads services (each started from its entry point) make the changes and enqueue them,
 * this worker records them in admin_audit_log, and the auth service's GET /api/admin/audit-log
 * shows them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminAuditLogResponse } from '@radio/contracts';
import { createDb, type Db } from '@radio/db';
import { createLogger, parseConfig } from '@radio/service-kit';
import {
  createTestProcess,
  HttpTestClient as TestClient,
  type TestProcess,
  type TestUser,
} from '@radio/service-kit/testing';
import { builtInNowPlayingUrl, createAzuraCastSource } from '@radio/station';
import { createStorage } from '@radio/storage';
import {
  answersReadyz,
  FAKE_INVALID_ARL,
  FAKE_VALID_ARL,
  freePort,
  NO_DEEZER_ENV,
  serviceEntrypoint,
  startFakeDeezerGateway,
  startServiceProcess,
  type FakeDeezerGateway,
  type ServiceName,
  type ServiceProcess,
} from '@radio/testing';
import {
  BUILT_IN_SOURCE,
  BUILT_IN_STATION_URL,
  LIBRARY,
} from '../../../requests/test/queue/built-in-station.ts';
import { seedTrack } from '../../../requests/test/requests/seed.ts';
import { workerEnv } from '../../src/config.ts';
import { startWorker, type RunningWorker } from '../../src/worker.ts';

const DEADLINE_MS = 15_000;
const dir = mkdtempSync(path.join(os.tmpdir(), 'radio-audit-'));

let auth: TestProcess;
let requestsService: ServiceProcess;
let uploadsService: ServiceProcess;
let requestsUrl: string;
let gateway: FakeDeezerGateway;
let workerDb: Db;
let worker: RunningWorker;
let admin: TestUser;
let onAuth: TestClient;
let onRequests: TestClient;
let onUploads: TestClient;

beforeAll(async () => {
  mkdirSync(path.join(dir, 'library'));
  mkdirSync(path.join(dir, 'storage', 'cloud-uploads'), { recursive: true });
  gateway = await startFakeDeezerGateway();
  auth = await createTestProcess(serviceEntrypoint('auth'));
  const env = {
    ...auth.env,
    ...NO_DEEZER_ENV,
    DEEZER_GATEWAY_URL: gateway.url,
    DEEZER_GATEWAY_TIMEOUT_SECONDS: '1',
    BUILT_IN_STATION_URL,
    LIBRARY_DIR: LIBRARY,
  };
  /** Another service on the same Postgres and Redis; answers where it listens. */
  const start = async (name: ServiceName, serviceEnv: Record<string, string>) => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const service = await startServiceProcess({
      entrypoint: serviceEntrypoint(name),
      env: { ...serviceEnv, PORT: new URL(url).port },
      ready: answersReadyz(url),
      what: `the ${name} service`,
    });
    return { service, url };
  };
  let uploadsUrl: string;
  ({ service: requestsService, url: requestsUrl } = await start('requests', env));
  ({ service: uploadsService, url: uploadsUrl } = await start('uploads', {
    ...env,
    LIBRARY_DIR: path.join(dir, 'library'),
    STORAGE_DIR: path.join(dir, 'storage'),
  }));
  await auth.db
    .updateTable('djSettings')
    .set({
      requestsEnabled: true,
      registrationEnabled: false,
      broadcastingMode: 'nonstop',
      deezerArl: null,
      nonstopUrl: builtInNowPlayingUrl(BUILT_IN_STATION_URL),
      nonstopApiKey: 'test-internal-token',
    })
    .execute();

  const config = parseConfig(workerEnv, { ...env, LOG_LEVEL: 'silent' });
  workerDb = createDb(config.DATABASE_URL);
  worker = startWorker({
    db: workerDb,
    redisUrl: config.REDIS_URL,
    log: createLogger(config, 'worker'),
    createSource: createAzuraCastSource,
    ingestIntervalMs: 60_000,
    storage: createStorage(config, { urlPrefix: '/files', signingSecret: 'worker' }),
  });
  admin = await auth.createUser({ name: 'Anouk Beheer', role: 'admin' });
  onAuth = await auth.clientFor(admin);
  onRequests = new TestClient(requestsUrl, Object.fromEntries(onAuth.cookies));
  onUploads = new TestClient(uploadsUrl, Object.fromEntries(onAuth.cookies));
});

afterAll(async () => {
  await worker?.close();
  await workerDb?.destroy();
  await uploadsService?.stop();
  await requestsService?.stop();
  await auth?.close();
  await gateway?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function auditLog(query = ''): Promise<AdminAuditLogResponse> {
  const response = await onAuth.get(`/api/admin/audit-log${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as AdminAuditLogResponse;
}

const total = async (): Promise<number> => (await auditLog()).total;

/**
 * Runs one admin change and answers the one entry it left (newest first), checking who and when.
 * Waits for the worker; the next call's count proves no second entry came.
 */
async function oneEntryOf(change: () => Promise<{ statusCode: number }>): Promise<AdminAuditEntry> {
  const before = await total();
  const startedAt = Date.now();
  const response = await change();
  expect(response.statusCode).toBeLessThan(300);
  const finishedAt = Date.now();
  await expect.poll(total, { timeout: DEADLINE_MS, interval: 100 }).toBe(before + 1);
  const [entry] = (await auditLog()).entries;
  if (!entry) throw new Error('no entry');
  expect(entry).toMatchObject({ actorUserId: admin.id, actorLabel: 'Anouk Beheer' });
  const at = Date.parse(entry.occurredAt);
  expect(at).toBeGreaterThanOrEqual(startedAt - 5);
  expect(at).toBeLessThanOrEqual(finishedAt + 5);
  return entry;
}

/** Refused changes leave nothing: a later change is the only new entry. */
async function expectNoEntries(refused: () => Promise<void>): Promise<void> {
  const before = await total();
  await refused();
  const marker = await oneEntryOf(() =>
    onRequests.patch('/api/admin/toggle-requests', { enabled: false }),
  );
  expect(marker.action).toBe('settings.requests');
  expect(await total()).toBe(before + 1);
  await onRequests.patch('/api/admin/toggle-requests', { enabled: true });
  await expect.poll(total, { timeout: DEADLINE_MS, interval: 100 }).toBe(before + 2);
}

describe('the audit trail of the user routes (auth)', () => {
  it('records deactivating, the role and the limits with their before and after', async () => {
    const user = await auth.createUser({ name: 'Joost', email: 'joost@radio.test' });

    const deactivated = await oneEntryOf(() =>
      onAuth.patch(`/api/admin/users/${user.id}/toggle-active`),
    );
    expect(deactivated).toMatchObject({
      action: 'user.active',
      target: 'joost@radio.test',
      changes: [{ field: 'isActive', before: true, after: false }],
    });

    const role = await oneEntryOf(() =>
      onAuth.patch(`/api/admin/users/${user.id}/role`, { role: 'admin' }),
    );
    expect(role).toMatchObject({
      action: 'user.role',
      changes: [{ field: 'role', before: 'listener', after: 'admin' }],
    });

    const limits = await oneEntryOf(() =>
      onAuth.patch(`/api/admin/users/${user.id}/limits`, {
        customRequestsPerHour: 3,
        customRequestsPerDay: null,
        customCooldownMinutes: 120,
        canBypassLimits: false,
      }),
    );
    // Only what changed (the day limit was and stays unset).
    expect(limits).toMatchObject({
      action: 'user.limits',
      target: 'joost@radio.test',
      changes: [
        { field: 'customRequestsPerHour', before: null, after: 3 },
        { field: 'customCooldownMinutes', before: null, after: 120 },
      ],
    });
  });

  it('records nothing for a refused change', async () => {
    await expectNoEntries(async () => {
      expect((await onAuth.patch(`/api/admin/users/${admin.id}/toggle-active`)).statusCode).toBe(
        409,
      );
      expect(
        (await onAuth.patch('/api/admin/users/999999/role', { role: 'admin' })).statusCode,
      ).toBe(404);
      expect(
        (await onAuth.patch(`/api/admin/users/${admin.id}/role`, { role: 'baas' })).statusCode,
      ).toBe(400);
      const listener = await auth.clientFor(await auth.createUser());
      const user = await auth.createUser();
      expect((await listener.patch(`/api/admin/users/${user.id}/toggle-active`)).statusCode).toBe(
        403,
      );
    });
  });
});

describe('the audit trail of the settings routes (requests)', () => {
  it('records the switches', async () => {
    expect(
      await oneEntryOf(() => onRequests.post('/api/dj-settings/registration', { enabled: true })),
    ).toMatchObject({
      action: 'settings.registration',
      target: 'Instellingen',
      changes: [{ field: 'registrationEnabled', before: false, after: true }],
    });
    expect(
      await oneEntryOf(() => onRequests.patch('/api/admin/toggle-requests', { enabled: false })),
    ).toMatchObject({
      action: 'settings.requests',
      changes: [{ field: 'requestsEnabled', before: true, after: false }],
    });
    await oneEntryOf(() => onRequests.patch('/api/admin/toggle-requests', { enabled: true }));
    expect(
      await oneEntryOf(() => onRequests.patch('/api/admin/broadcasting-mode', { mode: 'live' })),
    ).toMatchObject({
      action: 'settings.broadcasting-mode',
      changes: [{ field: 'broadcastingMode', before: 'nonstop', after: 'live' }],
    });
    await oneEntryOf(() => onRequests.patch('/api/admin/broadcasting-mode', { mode: 'nonstop' }));
  });

  it('records a new Deezer ARL without its value, and nothing for one Deezer refused', async () => {
    const entry = await oneEntryOf(() =>
      onRequests.post('/api/admin/update-deezer-arl', { arl: FAKE_VALID_ARL }),
    );
    expect(entry).toMatchObject({
      action: 'settings.deezer-arl',
      changes: [{ field: 'deezerArl', before: 'niet ingesteld', after: 'ingesteld' }],
    });
    const rows = await sql<{
      row: string;
    }>`select row_to_json(a)::text as row from admin_audit_log a`.execute(workerDb);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const { row } of rows.rows) {
      expect(row).not.toContain(FAKE_VALID_ARL);
      expect(row).not.toContain(FAKE_VALID_ARL.slice(0, 16));
    }

    await expectNoEntries(async () => {
      const refused = await onRequests.post('/api/admin/update-deezer-arl', {
        arl: FAKE_INVALID_ARL,
      });
      expect(refused.json()).toMatchObject({ valid: false });
      // The same ARL again changes nothing.
      expect(
        (await onRequests.post('/api/admin/update-deezer-arl', { arl: FAKE_VALID_ARL })).statusCode,
      ).toBe(200);
    });
  });
});

describe('the audit trail of the settings form (requests)', () => {
  it('records the changed fields with a key masked, and nothing for a refused change', async () => {
    const secretKey = 'live-sleutel-7f3a9c2e';
    const entry = await oneEntryOf(() =>
      onRequests.patch('/api/admin/settings', {
        libraryName: 'Polder Nonstop',
        trackCooldownHours: 5,
        // No live URL: nothing to test, the key is stored as it is.
        liveApiKey: secretKey,
      }),
    );
    expect(entry).toMatchObject({ action: 'settings.station', target: 'Instellingen' });
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: 'liveApiKey', before: 'niet ingesteld', after: 'ingesteld' },
        { field: 'libraryName', before: expect.any(String), after: 'Polder Nonstop' },
        { field: 'trackCooldownHours', before: 3, after: 5 },
      ]),
    );
    expect(entry.changes).toHaveLength(3);
    const rows = await sql<{
      row: string;
    }>`select row_to_json(a)::text as row from admin_audit_log a`.execute(workerDb);
    for (const { row } of rows.rows) expect(row).not.toContain(secretKey);

    await expectNoEntries(async () => {
      const refused = await onRequests.patch('/api/admin/settings', { trackCooldownHours: 999 });
      expect(refused.statusCode).toBe(400);
    });
    await onRequests.patch('/api/admin/settings', { trackCooldownHours: 3, liveApiKey: null });
  });
});

describe('the audit trail of requests and the playlist (requests)', () => {
  it('records a request status change, and nothing for a refused one', async () => {
    const filename = 'Verzoek/BLØF - Zoutelande.mp3';
    const libraryTrackId = await seedTrack(auth.db, {
      title: 'Zoutelande',
      artist: 'BLØF',
      path: filename,
      requestId: filename,
      source: BUILT_IN_SOURCE,
    });
    const listener = await auth.clientFor(await auth.createUser({ name: 'Femke' }));
    const submitted = await new TestClient(requestsUrl, Object.fromEntries(listener.cookies)).post(
      '/api/requests',
      { libraryTrackId },
    );
    expect(submitted.statusCode).toBe(201);
    const { id } = submitted.json() as { id: number };
    const { status } = await auth.db
      .selectFrom('songRequests')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const entry = await oneEntryOf(() =>
      onRequests.patch(`/api/requests/${id}/status`, { status: 'played' }),
    );
    expect(entry).toMatchObject({
      action: 'request.status',
      target: 'BLØF – Zoutelande',
      changes: [{ field: 'status', before: status, after: 'played' }],
    });
    await expectNoEntries(async () => {
      const again = await onRequests.patch(`/api/requests/${id}/status`, { status: 'approved' });
      expect(again.statusCode).toBe(409);
    });
  });

  it('records a move and an insert in the automation playlist', async () => {
    const entriesBefore = await total();
    for (const title of ['Een', 'Twee', 'Drie']) {
      const filename = `Klassiekers/Radio Lokaal - ${title}.mp3`;
      await seedTrack(auth.db, {
        title,
        artist: 'Radio Lokaal',
        path: filename,
        requestId: filename,
        source: BUILT_IN_SOURCE,
      });
      await onRequests.post('/api/admin/playlist/insert', { filename, position: 1 });
    }
    // All three inserts recorded before the move is counted.
    await expect.poll(total, { timeout: DEADLINE_MS, interval: 100 }).toBe(entriesBefore + 3);
    const before = (await onRequests.get('/api/admin/playlist')).json() as {
      entries: { title: string }[];
    };
    expect(before.entries.map((entry) => entry.title)).toEqual(['Drie', 'Twee', 'Een']);

    const moved = await oneEntryOf(() =>
      onRequests.post('/api/admin/playlist/move', { fromPosition: 3, toPosition: 1 }),
    );
    expect(moved).toMatchObject({
      action: 'playlist.move',
      target: 'Radio Lokaal – Een',
      changes: [{ field: 'position', before: 3, after: 1 }],
    });
    const filename = 'Klassiekers/Golden Earring - Radar Love.mp3';
    await seedTrack(auth.db, {
      title: 'Radar Love',
      artist: 'Golden Earring',
      path: filename,
      requestId: filename,
      source: BUILT_IN_SOURCE,
    });
    const inserted = await oneEntryOf(() =>
      onRequests.post('/api/admin/playlist/insert', { filename, position: 2 }),
    );
    expect(inserted).toMatchObject({
      action: 'playlist.insert',
      target: 'Golden Earring – Radar Love',
      changes: [{ field: 'position', before: null, after: 2 }],
    });
    await expectNoEntries(async () => {
      const refused = await onRequests.post('/api/admin/playlist/move', {
        fromPosition: 9,
        toPosition: 1,
      });
      expect(refused.statusCode).toBe(400);
    });
  });
});

describe('the audit trail of the upload moderation (uploads)', () => {
  it('records approving, the first download and adding to the library of an upload', async () => {
    const { id } = await auth.db
      .insertInto('cloudUploads')
      .values({
        artist: 'Sanne Veenstra',
        title: 'Nieuwe Zomer',
        originalName: 'zomer.mp3',
        submittedBy: 'Luisteraar',
        objectKey: 'cloud-uploads/audit-zomer.mp3',
        contentType: 'audio/mpeg',
        sizeBytes: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    expect(
      await oneEntryOf(() =>
        onUploads.patch(`/api/cloud-uploads/${id}/status`, { status: 'approved' }),
      ),
    ).toMatchObject({
      action: 'upload.status',
      target: 'Sanne Veenstra – Nieuwe Zomer',
      changes: [{ field: 'status', before: 'pending', after: 'approved' }],
    });
    // The first download of an approved upload marks it downloaded; a second changes nothing.
    writeFileSync(path.join(dir, 'storage', 'cloud-uploads/audit-zomer.mp3'), 'geen echte mp3');
    expect(
      await oneEntryOf(() => onUploads.post(`/api/cloud-uploads/${id}/download`)),
    ).toMatchObject({
      action: 'upload.status',
      changes: [{ field: 'status', before: 'approved', after: 'downloaded' }],
    });
    await expectNoEntries(async () => {
      expect((await onUploads.post(`/api/cloud-uploads/${id}/download`)).statusCode).toBe(200);
    });
    expect(
      await oneEntryOf(() => onUploads.post(`/api/cloud-uploads/${id}/library`)),
    ).toMatchObject({
      action: 'upload.library',
      changes: [{ field: 'libraryStatus', before: null, after: 'queued' }],
    });
    // The worker finds no stored object: the add fails, and the admin tries again.
    await expect
      .poll(
        async () =>
          (
            await auth.db
              .selectFrom('cloudUploads')
              .select('libraryStatus')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).libraryStatus,
        { timeout: DEADLINE_MS, interval: 100 },
      )
      .toBe('failed');
    expect(
      await oneEntryOf(() => onUploads.post(`/api/cloud-uploads/${id}/library`)),
    ).toMatchObject({ changes: [{ field: 'libraryStatus', before: 'failed', after: 'queued' }] });
    await expectNoEntries(async () => {
      const again = await onUploads.patch(`/api/cloud-uploads/${id}/status`, {
        status: 'rejected',
      });
      expect(again.statusCode).toBe(409);
    });
  });
});

describe('GET /api/admin/audit-log', () => {
  it('pages newest first with the total', async () => {
    const all = await auditLog('?pageSize=100');
    expect(all.total).toBeGreaterThan(3);
    const first = await auditLog('?pageSize=2');
    const second = await auditLog('?page=2&pageSize=2');
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: all.total });
    expect(first.entries.map((entry) => entry.id)).toEqual(
      all.entries.slice(0, 2).map((e) => e.id),
    );
    expect(second.entries.map((entry) => entry.id)).toEqual(
      all.entries.slice(2, 4).map((e) => e.id),
    );
    const times = all.entries.map((entry) => Date.parse(entry.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await auditLog()).pageSize).toBe(25);
    const beyond = await auditLog(`?page=${all.total + 1}`);
    expect(beyond.entries).toEqual([]);
    expect((await onAuth.get('/api/admin/audit-log?page=0')).statusCode).toBe(400);
  });
});
