import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import {
  azuraCastError,
  azuraCastFixture,
  startFakeStationServer,
  type FakeStationServer,
} from '@radio/testing';
import { buildRequestsApp } from '../build.ts';
import { seedTrack, updateSettings } from './seed.ts';

const fixture = (
  azuraCastFixture('requests') as Array<{
    request_id: string;
    song: { artist: string; title: string };
  }>
)[0];
if (!fixture) throw new Error('the requests fixture is empty');
const submitPath = `/api/station/1/request/${fixture.request_id}`;

let t: TestApp;
let station: FakeStationServer;

beforeAll(async () => {
  station = await startFakeStationServer();
  t = await createTestApp(buildRequestsApp);
});
afterAll(async () => {
  await t.close();
  await station.close();
});
beforeEach(async () => {
  station.reset();
  await t.app.db.deleteFrom('songRequests').execute();
  await updateSettings(t.app.db, {
    broadcastingMode: 'nonstop',
    nonstopUrl: station.nowPlayingUrl,
    nonstopApiKey: 'azuracast-sleutel',
  });
});

async function azuraCastTrack(): Promise<number> {
  return seedTrack(t.app.db, {
    source: station.url,
    title: fixture?.song.title,
    artist: fixture?.song.artist,
    path: `${fixture?.song.artist} - ${fixture?.song.title}.mp3`,
    requestId: fixture?.request_id,
  });
}

async function submit(trackId: number) {
  const client = await t.clientFor(await t.createUser());
  return client.post('/api/requests', { libraryTrackId: trackId });
}

describe('requests for an AzuraCast station', () => {
  it('submits an accepted request to its request API with the station key, queueing nothing here', async () => {
    station.respond(submitPath, {
      status: 200,
      json: { success: true, message: 'Your request has been submitted and will be played soon.' },
    });
    const response = await submit(await azuraCastTrack());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'approved', title: "Nobody's Wife" });
    const calls = station.requests.filter((r) => r.path === submitPath);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST' });
    expect(calls[0]?.headers['x-api-key']).toBe('azuracast-sleutel');
    expect(await t.app.db.selectFrom('automationQueue').selectAll().execute()).toEqual([]);
  });

  it.each([
    [
      'Cannot submit request: This song was already requested and will play soon.',
      409,
      'ALREADY_WAITING',
      'Dit nummer staat al in de wachtrij.',
    ],
    [
      'Cannot submit request: This song or artist has been played too recently. Wait a while before requesting it again.',
      409,
      'TRACK_COOLDOWN',
      'Dit nummer of deze artiest is onlangs gedraaid. Probeer het over ongeveer 30 minuten opnieuw.',
    ],
    [
      'Cannot submit request: You have submitted a request too recently! Please wait 7 minutes before submitting another one.',
      429,
      'HOURLY_LIMIT',
      'Je kunt over 7 minuten weer een verzoekje indienen.',
    ],
    [
      'This station does not currently accept requests.',
      409,
      'REQUESTS_DISABLED',
      'De zender neemt op dit moment geen verzoekjes aan.',
    ],
  ])('turns "%s" into a Dutch refusal and stores nothing', async (message, status, code, dutch) => {
    station.respond(submitPath, azuraCastError(500, message));
    const response = await submit(await azuraCastTrack());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, message: dutch });
    expect(await t.app.db.selectFrom('songRequests').select('id').execute()).toEqual([]);
  });

  it('answers a fast 503 when the station does not answer', async () => {
    await updateSettings(t.app.db, { nonstopUrl: 'http://127.0.0.1:9/api/nowplaying/1' });
    const response = await submit(await azuraCastTrack());
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('STATION_UNAVAILABLE');
  });
});
