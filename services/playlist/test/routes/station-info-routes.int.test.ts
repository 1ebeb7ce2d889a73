import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import { buildPlaylistApp } from '../build.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/station-info', () => {
  it('derives the stream addresses from the public origin', async () => {
    t = await createTestApp(buildPlaylistApp, { PUBLIC_ORIGIN: 'https://radio.example.nl' });
    const response = await t.client().get('/api/station-info');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'Radio Lokaal',
      streamUrl: 'https://radio.example.nl/stream/radio.mp3',
      streamFallbackUrl: 'http://radio.example.nl/stream/radio.mp3',
      playlistPlsUrl: 'https://radio.example.nl/stream/radio.pls',
      playlistM3uUrl: 'https://radio.example.nl/stream/radio.m3u',
      radioDirectoryUrl: '',
      studioContactUrl: '',
    });
  });

  it('offers a plain-http site its own scheme first', async () => {
    t = await createTestApp(buildPlaylistApp, { PUBLIC_ORIGIN: 'http://localhost:8080' });
    const info = (await t.client().get('/api/station-info')).json();
    expect(info.streamUrl).toBe('http://localhost:8080/stream/radio.mp3');
    expect(info.streamFallbackUrl).toBe('http://localhost:8080/stream/radio.mp3');
  });

  it('takes every address from the configuration when given, and shows no secret', async () => {
    t = await createTestApp(buildPlaylistApp, {
      STATION_NAME: 'Radio Dorpsplein',
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
