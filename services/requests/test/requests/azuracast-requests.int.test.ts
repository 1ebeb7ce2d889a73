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

  // By status and shape, in any language: AzuraCast's words reach the listener as they are.
  it.each([
    [
      400,
      'Kan aanvraag niet indienen: Dit nummer is al aangevraagd en zal binnenkort worden afgespeeld.',
      409,
      'STATION_REFUSED',
      'De zender neemt dit verzoekje niet aan. De zender zegt: “Kan aanvraag niet indienen: Dit nummer is al aangevraagd en zal binnenkort worden afgespeeld.”',
      undefined,
    ],
    [
      400,
      'Cannot submit request: You have submitted a request too recently! Please wait 7 minutes before submitting another one.',
      429,
      'STATION_WAIT',
      'De zender neemt dit verzoekje niet aan. De zender zegt: “Cannot submit request: You have submitted a request too recently! Please wait 7 minutes before submitting another one.” Probeer het over 7 minuten opnieuw.',
      '420',
    ],
    [
      404,
      'Record not found.',
      404,
      'TRACK_NOT_FOUND',
      'Dit nummer bestaat niet (meer) in de bibliotheek.',
      undefined,
    ],
    [
      500,
      'Database kapot',
      503,
      'STATION_UNAVAILABLE',
      'De zender is op dit moment niet bereikbaar. Probeer het over een minuut opnieuw.',
      '60',
    ],
  ] as const)(
    'answers HTTP %i "%s" with %i %s and stores nothing',
    async (stationStatus, said, status, code, dutch, retryAfter) => {
      const type = said.startsWith('Database') ? 'PDOException' : 'CannotCompleteActionException';
      station.respond(submitPath, azuraCastError(stationStatus, said, type));
      const response = await submit(await azuraCastTrack());
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code, message: dutch });
      expect(response.headers['retry-after']).toBe(retryAfter);
      expect(await t.app.db.selectFrom('songRequests').select('id').execute()).toEqual([]);
    },
  );

  it('answers a fast 503 when the station does not answer', async () => {
    await updateSettings(t.app.db, { nonstopUrl: 'http://127.0.0.1:9/api/nowplaying/1' });
    const response = await submit(await azuraCastTrack());
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('STATION_UNAVAILABLE');
  });
});
