import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  azuraCastError,
  azuraCastFixture,
  azuraCastPlainTextError,
  fakeStationPaths,
  freePort,
  startFakeStationServer,
  type FakeStationServer,
} from '@radio/testing';
import { createAzuraCastSource, StationSourceError, type StationSource } from '../../src/index.ts';

const API_KEY = '0123456789abcdef:0123456789abcdef0123456789abcdef';

let station: FakeStationServer;
let source: StationSource;
beforeAll(async () => {
  station = await startFakeStationServer();
  source = createAzuraCastSource({ nowPlayingUrl: station.nowPlayingUrl, apiKey: API_KEY });
});
afterEach(() => station.reset());
afterAll(() => station.close());

const at = (unixSeconds: number): Date => new Date(unixSeconds * 1000);

/** The fixture with one change made by `edit`. */
function nowPlayingWith(edit: (payload: NowPlayingFixture) => void): NowPlayingFixture {
  const payload = azuraCastFixture('nowplaying') as NowPlayingFixture;
  edit(payload);
  return payload;
}
type NowPlayingFixture = {
  is_online: boolean;
  now_playing: null | ({ sh_id: number; song: Record<string, unknown> } & Record<string, unknown>);
  song_history: { song: Record<string, unknown> }[];
};

async function failure(call: Promise<unknown>): Promise<StationSourceError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(StationSourceError);
  return error as StationSourceError;
}

describe('nowPlaying', () => {
  it('reads the current song and the recent plays of the fixture', async () => {
    const nowPlaying = await source.nowPlaying();
    expect(nowPlaying).toMatchObject({
      stationName: 'Radio Polderklank',
      isOnline: true,
      isLive: false,
    });
    expect(nowPlaying.current).toEqual({
      sourceId: '482913',
      playedAt: at(1747225928),
      duration: 188,
      title: 'Zoutelande',
      artist: 'BLØF',
      album: 'Aan',
      isVisible: true,
      elapsed: 77,
      remaining: 111,
    });
    expect(nowPlaying.listeners).toEqual({ current: 42, unique: 37 });
    expect(nowPlaying.playingNext).toEqual({
      artist: 'Danny Vera',
      title: 'Roller Coaster',
      duration: 215,
    });
    expect(nowPlaying.recent).toHaveLength(5);
    expect(nowPlaying.recent[0]).toEqual({
      sourceId: '482911',
      playedAt: at(1747225710),
      duration: 213,
      title: 'Als het avond is',
      artist: 'Suzan & Freek',
      album: 'Gedeeld door ons',
      isVisible: true,
    });
  });

  it('sends the API key and a browser-like user agent', async () => {
    await source.nowPlaying();
    const [request] = station.requests;
    expect(request?.path).toBe('/api/nowplaying/1');
    expect(request?.headers['x-api-key']).toBe(API_KEY);
    expect(request?.headers['user-agent']).toMatch(/^Mozilla\/5\.0/);
    expect(request?.headers['user-agent']).not.toMatch(/curl|liquidsoap/i);
  });

  it('sends no key when it has none', async () => {
    await createAzuraCastSource({
      nowPlayingUrl: station.nowPlayingUrl,
      apiKey: null,
    }).nowPlaying();
    expect(station.requests[0]?.headers['x-api-key']).toBeUndefined();
  });

  it("takes the start in milliseconds when the station gives them (the built-in station's played_at_ms)", async () => {
    station.respond(fakeStationPaths.nowplaying, {
      json: nowPlayingWith((payload) => {
        payload.now_playing!.played_at_ms = 1747225928_640;
      }),
    });
    expect((await source.nowPlaying()).current?.playedAt).toEqual(new Date(1747225928_640));
  });

  it('has no current song when now_playing is null', async () => {
    station.respond(fakeStationPaths.nowplaying, {
      json: nowPlayingWith((payload) => (payload.now_playing = null)),
    });
    expect((await source.nowPlaying()).current).toBeNull();
  });

  it("has no current song when the station is offline (AzuraCast's placeholder, sh_id 0)", async () => {
    station.respond(fakeStationPaths.nowplaying, {
      json: nowPlayingWith((payload) => {
        payload.is_online = false;
        payload.now_playing = {
          ...payload.now_playing,
          sh_id: 0,
          played_at: 0,
          duration: 0,
          playlist: null,
          streamer: null,
          elapsed: 0,
          remaining: 0,
          song: { ...payload.now_playing?.song, text: 'Station Offline', artist: '', title: '' },
        };
      }),
    });
    const nowPlaying = await source.nowPlaying();
    expect(nowPlaying.isOnline).toBe(false);
    expect(nowPlaying.current).toBeNull();
    expect(nowPlaying.recent).toHaveLength(5);
  });

  it('reads custom_fields as [] (no fields defined) or as an object, and null texts', async () => {
    station.respond(fakeStationPaths.nowplaying, {
      json: nowPlayingWith((payload) => {
        Object.assign(payload.now_playing?.song ?? {}, {
          custom_fields: { bpm: '120', mood: null },
          artist: null,
          album: null,
          genre: null,
        });
        payload.song_history.forEach((play) => (play.song.custom_fields = {}));
      }),
    });
    const nowPlaying = await source.nowPlaying();
    expect(nowPlaying.current).toMatchObject({ title: 'Zoutelande', artist: '', album: null });
    expect(nowPlaying.recent).toHaveLength(5);
  });

  it('rounds float durations and turns an empty album into null', async () => {
    station.respond(fakeStationPaths.nowplaying, {
      json: nowPlayingWith((payload) => {
        Object.assign(payload.now_playing ?? {}, { duration: 187.6 });
        Object.assign(payload.now_playing?.song ?? {}, { album: '' });
      }),
    });
    expect((await source.nowPlaying()).current).toMatchObject({ duration: 188, album: null });
  });

  it('refuses an answer without a field it uses, naming the field', async () => {
    station.respond(fakeStationPaths.nowplaying, {
      json: nowPlayingWith((payload) => delete payload.now_playing?.song.title),
    });
    const error = await failure(source.nowPlaying());
    expect(error.message).toContain('now_playing.song.title');
    expect(error.message).toContain(`GET ${station.url}/api/nowplaying/1`);
  });

  it("reports AzuraCast's JSON errors (HTTP 500 Api_Error) with their message", async () => {
    station.respond(fakeStationPaths.nowplaying, azuraCastError(500, 'Database kapot'));
    const error = await failure(source.nowPlaying());
    expect(error.message).toMatch(/HTTP 500: Database kapot$/);
  });

  it('reports plain-text errors', async () => {
    station.respond(fakeStationPaths.nowplaying, azuraCastPlainTextError(500, 'Database kapot'));
    expect((await failure(source.nowPlaying())).message).toContain(
      'HTTP 500: Error: Database kapot',
    );
  });

  it('hints at the key or the station on 403 and 404', async () => {
    station.respond(
      fakeStationPaths.nowplaying,
      azuraCastError(403, 'You do not have permission.'),
    );
    expect((await failure(source.nowPlaying())).message).toContain('API key');
    station.respond(fakeStationPaths.nowplaying, azuraCastError(404, 'Station not found.'));
    expect((await failure(source.nowPlaying())).message).toContain('station in the URL');
  });

  it('reports an answer that is not JSON', async () => {
    station.respond(fakeStationPaths.nowplaying, {
      text: '<html>Onderhoud</html>',
      contentType: 'text/html',
    });
    expect((await failure(source.nowPlaying())).message).toContain(
      'not JSON: <html>Onderhoud</html>',
    );
  });

  it('gives up after its timeout', async () => {
    station.respond(fakeStationPaths.nowplaying, { delayMs: 1_000 });
    const slow = createAzuraCastSource({
      nowPlayingUrl: station.nowPlayingUrl,
      apiKey: null,
      timeoutMs: 100,
    });
    expect((await failure(slow.nowPlaying())).message).toContain('no answer within 0.1 s');
  });

  it('reports a station that does not answer at all', async () => {
    const nowPlayingUrl = `http://127.0.0.1:${await freePort()}/api/nowplaying/1`;
    const offline = createAzuraCastSource({ nowPlayingUrl, apiKey: null });
    expect((await failure(offline.nowPlaying())).message).toContain('no answer (');
  });

  it('never puts the query of the URL (it may carry a key) in its messages', async () => {
    station.respond(fakeStationPaths.nowplaying, azuraCastError(500, 'kapot'));
    const withKey = createAzuraCastSource({
      nowPlayingUrl: `${station.nowPlayingUrl}?api_key=geheim`,
      apiKey: null,
    });
    expect((await failure(withKey.nowPlaying())).message).not.toContain('geheim');
  });
});

describe('history', () => {
  const range = { start: new Date('2025-05-14T12:00:00Z'), end: new Date('2025-05-14T12:35:00Z') };

  it('asks for the range with the key and reads every play, hidden ones too, newest first', async () => {
    const plays = await source.history(range);
    const [request] = station.requests;
    expect(request?.path).toBe('/api/station/1/history');
    expect(request?.query).toEqual({
      start: '2025-05-14T12:00:00+00:00',
      end: '2025-05-14T12:35:00+00:00',
    });
    expect(request?.headers['x-api-key']).toBe(API_KEY);
    expect(plays).toHaveLength(9);
    expect(plays.map((play) => play.sourceId).slice(0, 3)).toEqual(['482913', '482912', '482911']);
    expect(plays[1]).toMatchObject({ title: 'Station ID (kort)', isVisible: false, album: null });
    expect(plays.at(-1)).toEqual({
      sourceId: '482905',
      playedAt: at(1747224207),
      duration: 245,
      title: 'Is dit alles',
      artist: expect.any(String),
      album: null,
      isVisible: true,
    });
  });

  it('derives the API from a now-playing URL with a base path of its own', async () => {
    const prefixed = await startFakeStationServer();
    try {
      const nowPlayingUrl = `${prefixed.url}/internal/station/api/nowplaying/1`;
      await createAzuraCastSource({ nowPlayingUrl, apiKey: null })
        .history(range)
        .catch(() => undefined);
      expect(prefixed.requests[0]?.path).toBe('/internal/station/api/station/1/history');
    } finally {
      await prefixed.close();
    }
  });

  it('needs a now-playing URL it can derive the API from', async () => {
    const other = createAzuraCastSource({
      nowPlayingUrl: `${station.url}/status.json`,
      apiKey: null,
    });
    expect((await failure(other.history(range))).message).toContain(
      '{base}/api/nowplaying/{station}',
    );
    expect(station.requests).toEqual([]);
  });

  it('reports a 500 with its message', async () => {
    station.respond(fakeStationPaths.history, azuraCastError(500, 'Te veel gevraagd'));
    expect((await failure(source.history(range))).message).toContain('HTTP 500: Te veel gevraagd');
  });
});

describe('library', () => {
  it('reads every file of the fixture, in pages', async () => {
    const tracks = await source.library();
    expect(station.requests[0]?.query).toEqual({ per_page: '500', page: '1' });
    expect(station.requests[0]?.headers['x-api-key']).toBe(API_KEY);
    expect(tracks).toHaveLength(10);
    expect(tracks[0]).toEqual({
      mediaId: '48826d41ebe3d6bb03653f26',
      path: 'Hollandse Hits/BLOF - Zoutelande.mp3',
      title: 'Zoutelande',
      artist: 'BLØF',
      album: 'Aan',
      duration: 188,
      requestable: true,
      requestId: '48826d41ebe3d6bb03653f26',
    });
    expect(tracks[1]).toMatchObject({ title: 'Roller Coaster', album: null });
  });

  it('marks requestable what the requests API lists (not the jingle)', async () => {
    const tracks = await source.library();
    expect(station.requests.map((request) => request.path)).toEqual([
      fakeStationPaths.files,
      fakeStationPaths.requests,
    ]);
    expect(tracks.filter((track) => track.requestable)).toHaveLength(9);
    expect(tracks.find((track) => !track.requestable)).toMatchObject({
      title: 'Station ID (kort)',
      requestId: null,
    });
  });

  it.each([
    // 0.19.x: its middleware's text, with the class and place before it; never translated.
    'StationUnsupportedException at /var/azuracast/www/src/Middleware/StationSupportsFeature.php L23: This feature is not currently supported on this station.',
    'This station does not currently accept requests.',
    'Dit station accepteert momenteel geen verzoeken.',
  ])(
    'takes a station that accepts no requests ("%s") as one with nothing requestable',
    async (message) => {
      station.respond(
        fakeStationPaths.requests,
        azuraCastError(500, message, 'StationUnsupportedException'),
      );
      const tracks = await source.library();
      expect(tracks).toHaveLength(10);
      expect(tracks.some((track) => track.requestable)).toBe(false);
    },
  );

  it('fails on AzuraCast failing on the requests API, rather than unlist everything', async () => {
    station.respond(fakeStationPaths.requests, azuraCastError(500, 'Database kapot'));
    expect((await failure(source.library())).message).toContain('HTTP 500');
  });

  it('fails on any other failure of the requests API, rather than unlist everything', async () => {
    station.respond(fakeStationPaths.requests, azuraCastError(403, 'Geen toegang'));
    expect((await failure(source.library())).message).toContain('HTTP 403');
  });

  it('follows the pages of a paged answer', async () => {
    const [first] = azuraCastFixture('files') as unknown[];
    station.respond(fakeStationPaths.files, {
      json: { page: 1, per_page: 1, total: 2, total_pages: 2, rows: [first] },
    });
    expect(await source.library()).toHaveLength(2);
    const files = station.requests.filter((request) => request.path === fakeStationPaths.files);
    expect(files.map((request) => request.query.page)).toEqual(['1', '2']);
  });
});

describe('queue', () => {
  it('reads the queue: float durations rounded, expected start when known', async () => {
    const queue = await source.queue();
    expect(station.requests[0]?.headers['x-api-key']).toBe(API_KEY);
    expect(queue).toEqual([
      {
        title: 'Roller Coaster',
        artist: 'Danny Vera',
        duration: 215,
        expectedStart: at(1747226109),
        isRequest: false,
      },
      {
        title: 'Groter dan ik',
        artist: 'Froukje',
        duration: 179,
        expectedStart: at(1747226322),
        isRequest: true,
      },
      {
        title: 'Noodgeval',
        artist: 'Goldband',
        duration: 201,
        expectedStart: at(1747226499),
        isRequest: false,
      },
    ]);
  });

  it('has no expected start for a row with played_at null', async () => {
    const rows = azuraCastFixture('queue') as { played_at: number | null }[];
    rows.forEach((row) => (row.played_at = null));
    station.respond(fakeStationPaths.queue, { json: rows });
    expect((await source.queue()).map((entry) => entry.expectedStart)).toEqual([null, null, null]);
  });
});
