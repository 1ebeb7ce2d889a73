import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import { buildRequestsApp } from '../build.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildRequestsApp);
});
afterAll(() => t.close());

describe('GET /api/dj-settings', () => {
  it('shows the public settings with the spec defaults', async () => {
    const response = await t.client().get('/api/dj-settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      requestsEnabled: true,
      requestEnabled: true,
      registrationEnabled: false,
      broadcastingMode: 'nonstop',
      isLive: false,
      libraryName: 'Nonstop Mix',
      maxRequestsPerIp: 10,
      maxRequestsPerBrowser: 3,
      trackCooldownHours: 3,
      artistCooldownHours: 1,
    });
  });

  it('never shows API keys, stream URLs or the Deezer ARL', async () => {
    await t.app.db
      .updateTable('djSettings')
      .set({
        liveUrl: 'https://live.example/api?key=url-sleutel',
        liveApiKey: 'live-sleutel',
        nonstopUrl: 'https://nonstop.example',
        nonstopApiKey: 'nonstop-sleutel',
        deezerArl: 'geheime-arl',
        broadcastingMode: 'live',
      })
      .execute();
    const response = await t.client().get('/api/dj-settings');
    expect(response.json()).toMatchObject({ broadcastingMode: 'live', isLive: true });
    for (const secret of ['sleutel', 'example', 'geheime-arl']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('recreates the settings with their defaults should the row be gone', async () => {
    await t.app.db.deleteFrom('djSettings').execute();
    const response = await t.client().get('/api/dj-settings');
    expect(response.json()).toMatchObject({ requestsEnabled: true, registrationEnabled: false });
  });
});

describe('POST /api/dj-settings/registration', () => {
  it('switches registration and answers with the public settings', async () => {
    const admin = await t.as('admin');
    const on = await admin.post('/api/dj-settings/registration', { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ registrationEnabled: true, requestsEnabled: true });
    expect((await t.client().get('/api/dj-settings')).json().registrationEnabled).toBe(true);

    const off = await admin.post('/api/dj-settings/registration', { enabled: false });
    expect(off.json().registrationEnabled).toBe(false);
  });

  it('refuses a body without a boolean', async () => {
    const response = await (
      await t.as('admin')
    ).post('/api/dj-settings/registration', {
      enabled: 'ja',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'enabled moet true of false zijn',
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('PATCH /api/admin/toggle-requests', () => {
  it('switches requests off and on: the request page and POST /api/requests follow', async () => {
    const admin = await t.as('admin');
    const off = await admin.patch('/api/admin/toggle-requests', { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ requestsEnabled: false, requestEnabled: false });
    expect((await t.client().get('/api/dj-settings')).json().requestsEnabled).toBe(false);
    const refused = await (
      await t.as('listener')
    ).post('/api/requests', {
      source: 'local',
      libraryTrackId: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('REQUESTS_DISABLED');

    const on = await admin.patch('/api/admin/toggle-requests', { enabled: true });
    expect(on.json()).toMatchObject({ requestsEnabled: true });
  });

  it('refuses a body without a boolean and changes nothing', async () => {
    const admin = await t.as('admin');
    const response = await admin.patch('/api/admin/toggle-requests', { enabled: 'uit' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('enabled moet true of false zijn');
    expect((await t.client().get('/api/dj-settings')).json().requestsEnabled).toBe(true);
  });
});
