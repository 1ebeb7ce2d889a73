import { expect } from 'vitest';
import { builtInNowPlayingUrl, stationSourceKey } from '@radio/station';
import type { TestApp } from '@radio/service-kit/testing';
import { seedTrack, seedVoiceMessage } from '../requests/seed.ts';

export const STATION_KEY = { 'x-api-key': 'test-station-api-key' };
export const LIBRARY = '/srv/bibliotheek';
/** The requests service itself (the built-in station's endpoints); nothing answers there. */
export const BUILT_IN_STATION_URL = 'http://127.0.0.1:9';
export const BUILT_IN_SOURCE = stationSourceKey(builtInNowPlayingUrl(BUILT_IN_STATION_URL));

/**
 * A new listener's request of a built-in library track (`Verzoek/{artist} - {title}.mp3`, 215 s),
 * with a voice message when asked; answers the request's id.
 */
export async function submitBuiltInRequest(
  t: TestApp,
  title: string,
  artist: string,
  { withVoice = false, name }: { withVoice?: boolean; name?: string } = {},
): Promise<{ id: number }> {
  const user = await t.createUser(name === undefined ? {} : { name });
  const client = await t.clientFor(user);
  const extra = withVoice ? { voicetrackUrl: await seedVoiceMessage(t.app.db, user.id) } : {};
  const path = `Verzoek/${artist} - ${title}.mp3`;
  // As the library scan indexes the built-in station: its request API's id is the path. The
  // request is queued here all the same, never sent to a station request API.
  const id = await seedTrack(t.app.db, {
    title,
    artist,
    path,
    requestId: path,
    source: BUILT_IN_SOURCE,
    duration: 215,
  });
  const response = await client.post('/api/requests', { libraryTrackId: id, ...extra });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}
