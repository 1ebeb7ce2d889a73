import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import { buildPlaylistApp } from '../build.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/station-info', () => {
  it('offers the built-in stream on the site itself, whatever name the site is reached by', async () => {
    // The public origin names one host; a listener on http://127.0.0.1:8080 must not be sent there.
    t = await createTestApp(buildPlaylistApp, { PUBLIC_ORIGIN: 'http://localhost:8080' });
    const response = await t.client().get('/api/station-info');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'Radio Lokaal',
      timeZone: 'Europe/Amsterdam',
      streamUrl: '/stream/radio.mp3',
      streamFallbackUrl: '',
      playlistPlsUrl: '/stream/radio.pls',
      playlistM3uUrl: '/stream/radio.m3u',
      radioDirectoryUrl: '',
      studioContactUrl: '',
    });
  });

  it('takes every address from the configuration when given, and shows no secret', async () => {
    t = await createTestApp(buildPlaylistApp, {
      STATION_NAME: 'Radio Dorpsplein',
      STATION_TZ: 'Europe/Brussels',
      STREAM_URL: 'https://stream.dorpsplein.nl/live.mp3',
      STREAM_FALLBACK_URL: 'http://stream.dorpsplein.nl/live.mp3',
      PLAYLIST_PLS_URL: 'https://stream.dorpsplein.nl/live.pls',
      PLAYLIST_M3U_URL: 'https://stream.dorpsplein.nl/live.m3u',
      RADIO_DIRECTORY_URL: 'https://radiogids.example/dorpsplein',
      STUDIO_CONTACT_URL: 'https://wa.me/31612345678',
    });
    const response = await t.client().get('/api/station-info');
    expect(response.json()).toEqual({
      name: 'Radio Dorpsplein',
      timeZone: 'Europe/Brussels',
      streamUrl: 'https://stream.dorpsplein.nl/live.mp3',
      streamFallbackUrl: 'http://stream.dorpsplein.nl/live.mp3',
      playlistPlsUrl: 'https://stream.dorpsplein.nl/live.pls',
      playlistM3uUrl: 'https://stream.dorpsplein.nl/live.m3u',
      radioDirectoryUrl: 'https://radiogids.example/dorpsplein',
      studioContactUrl: 'https://wa.me/31612345678',
    });
    for (const secret of [t.env.SESSION_SECRET, t.env.INTERNAL_TOKEN, t.env.DATABASE_URL]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('refuses to start with a time zone that does not exist', async () => {
    await expect(
      createTestApp(buildPlaylistApp, { STATION_TZ: 'Europe/Nergenshuizen' }),
    ).rejects.toThrow(/STATION_TZ/);
  });
});
