import { describe, expect, it } from 'vitest';
import {
  publishedFiles,
  publishedFilesSchema,
  publishedHistory,
  publishedHistorySchema,
  publishedNowPlaying,
  publishedNowPlayingSchema,
  type BuiltInPlay,
} from '../../src/index.ts';

const station = {
  name: 'Radio Lokaal',
  timezone: 'Europe/Amsterdam',
  publicOrigin: 'https://radio.example.nl',
};
const NOW = new Date('2026-03-01T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;

function play(id: number, secondsAgo: number, duration = 180): BuiltInPlay {
  return {
    id,
    startedAt: nowSeconds - secondsAgo,
    duration,
    artist: `Artiest ${id}`,
    title: `Titel ${id}`,
    album: id % 2 ? `Album ${id}` : '',
    filename: `/library/Artiest ${id} - Titel ${id}.mp3`,
  };
}

describe('publishedNowPlaying', () => {
  it('has the newest play as now playing with elapsed and remaining, the five before it as history', () => {
    const plays = [
      play(7, 60),
      play(6, 240),
      play(5, 420),
      play(4, 600),
      play(3, 780),
      play(2, 960),
    ];
    const payload = publishedNowPlaying(station, plays, NOW);
    expect(publishedNowPlayingSchema.parse(payload)).toEqual(payload);
    expect(payload.is_online).toBe(true);
    expect(payload.station).toMatchObject({
      name: 'Radio Lokaal',
      shortcode: 'radio_lokaal',
      timezone: 'Europe/Amsterdam',
      listen_url: 'https://radio.example.nl/stream/radio.mp3',
      playlist_pls_url: 'https://radio.example.nl/stream/radio.pls',
      playlist_m3u_url: 'https://radio.example.nl/stream/radio.m3u',
    });
    expect(payload.now_playing).toMatchObject({
      sh_id: 7,
      played_at: nowSeconds - 60,
      duration: 180,
      elapsed: 60,
      remaining: 120,
      song: {
        text: 'Artiest 7 - Titel 7',
        artist: 'Artiest 7',
        title: 'Titel 7',
        album: 'Album 7',
      },
    });
    expect(payload.now_playing?.song.id).toMatch(/^[0-9a-f]{32}$/);
    expect(payload.song_history.map((item) => item.sh_id)).toEqual([6, 5, 4, 3, 2]);
    expect(payload.song_history[0]).toMatchObject({
      playlist: '',
      streamer: '',
      is_request: false,
    });
  });

  it("gives each play's start in milliseconds too (not AzuraCast's), when the play has them", () => {
    const exact = { ...play(7, 60), startedAtMs: (nowSeconds - 60) * 1000 + 375 };
    const payload = publishedNowPlaying(station, [exact, play(6, 240)], NOW);
    expect(publishedNowPlayingSchema.parse(payload)).toEqual(payload);
    expect(payload.now_playing).toMatchObject({
      played_at: nowSeconds - 60,
      played_at_ms: (nowSeconds - 60) * 1000 + 375,
    });
    expect(payload.song_history[0]).not.toHaveProperty('played_at_ms');
  });

  it('clamps elapsed to the duration while the next track is late', () => {
    const payload = publishedNowPlaying(station, [play(1, 200)], NOW);
    expect(payload.now_playing).toMatchObject({ elapsed: 180, remaining: 0 });
    expect(payload.is_online).toBe(true);
  });

  it('counts a play of unknown duration as playing, with remaining 0', () => {
    const payload = publishedNowPlaying(station, [play(1, 500, 0)], NOW);
    expect(payload.now_playing).toMatchObject({ sh_id: 1, elapsed: 500, remaining: 0 });
  });

  it("is offline with AzuraCast's placeholder when nothing played yet", () => {
    const payload = publishedNowPlaying(station, [], NOW);
    expect(payload.is_online).toBe(false);
    expect(payload.now_playing).toMatchObject({
      sh_id: 0,
      played_at: 0,
      playlist: null,
      streamer: null,
    });
    expect(payload.now_playing?.song.text).toBe('Station Offline');
    expect(payload.song_history).toEqual([]);
  });

  it('is offline once the last play ended half a minute ago, and lists it as history', () => {
    const payload = publishedNowPlaying(station, [play(2, 211), play(1, 400)], NOW);
    expect(payload.is_online).toBe(false);
    expect(payload.now_playing?.sh_id).toBe(0);
    expect(payload.song_history.map((item) => item.sh_id)).toEqual([2, 1]);
  });

  it('names a song with only a title by its title', () => {
    const payload = publishedNowPlaying(station, [{ ...play(1, 10), artist: '' }], NOW);
    expect(payload.now_playing?.song.text).toBe('Titel 1');
  });
});

describe('publishedHistory', () => {
  it('lists every play given as a visible detailed history row', () => {
    const payload = publishedHistory([play(2, 10), play(1, 200)]);
    expect(publishedHistorySchema.parse(payload)).toEqual(payload);
    expect(payload.map((row) => [row.sh_id, row.is_visible])).toEqual([
      [2, true],
      [1, true],
    ]);
  });
});

describe('publishedFiles', () => {
  it('lists the library with AzuraCast media fields', () => {
    const payload = publishedFiles([
      {
        path: '/muziek/Femke de Wit - Tegenwind.mp3',
        requestOnly: false,
        artist: 'Femke de Wit',
        title: 'Tegenwind',
        album: 'Dijk van een dag',
        genre: 'Pop',
        duration: 52.4,
        modifiedAt: 1_770_000_000,
      },
    ]);
    expect(publishedFilesSchema.parse(payload)).toEqual(payload);
    expect(payload[0]).toMatchObject({
      id: 1,
      unique_id: '/muziek/Femke de Wit - Tegenwind.mp3',
      path: '/muziek/Femke de Wit - Tegenwind.mp3',
      length: 52,
      length_text: '0:52',
      text: 'Femke de Wit - Tegenwind',
      custom_fields: {},
      mtime: 1_770_000_000,
    });
    expect(payload[0]?.playlists).toEqual([
      { id: 1, name: 'Rotatie', short_name: 'rotatie', folder: null, count: 1 },
    ]);
  });
});
