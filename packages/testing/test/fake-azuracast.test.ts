import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startFakeAzuraCast,
  type FakeAzuraCast,
  type FakeAzuraCastOptions,
} from '../src/fake-azuracast.ts';

const KEY = '0123456789abcdef:0123456789abcdef0123456789abcdef';
const BROWSER = { accept: 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' };

let fakes: FakeAzuraCast[] = [];
afterEach(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
  fakes = [];
});

async function start(options: FakeAzuraCastOptions): Promise<FakeAzuraCast> {
  const fake = await startFakeAzuraCast({
    apiKeys: { [KEY]: { permissions: ['media', 'broadcasting', 'reports'] } },
    random: () => 0,
    ...options,
  });
  fakes.push(fake);
  return fake;
}

async function call(
  fake: FakeAzuraCast,
  path: string,
  init: { method?: string; key?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> & unknown[] }> {
  const response = await fetch(`${fake.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...BROWSER,
      ...(init.key ? { 'x-api-key': init.key } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as never };
}

const submit = (fake: FakeAzuraCast, requestId: string, key?: string) =>
  call(fake, `/api/station/1/request/${requestId}`, { method: 'POST', ...(key ? { key } : {}) });

const byTitle = (fake: FakeAzuraCast, title: string): string => {
  const media = fake.media().find((m) => m.title === title);
  if (!media) throw new Error(`no ${title}`);
  return media.uniqueId;
};

describe('fake AzuraCast: refusals per version and locale', () => {
  const cases = [
    {
      version: '0.19.3',
      locale: 'en',
      notRequestable: [400, 'The song ID you specified cannot be requested for this station.'],
      duplicate: [400, 'Duplicate request: this song was already requested and will play soon.'],
      tooRecent: [
        400,
        'You have submitted a request too recently! Please wait before submitting another one.',
      ],
    },
    {
      version: '0.19.3',
      locale: 'nl',
      notRequestable: [400, 'Het opgeven nummer ID voor dit station kan niet worden aangevraagd.'],
      duplicate: [
        400,
        'Dit nummer staat al in de wachtrij, en zal binnen 15 minuten worden afgespeeld.',
      ],
      tooRecent: [
        400,
        'U heeft kortgeleden al een verzoekplaat ingediend! Wacht aub 15 minuten voordat u een volgende indient.',
      ],
    },
    {
      version: '0.22',
      locale: 'en',
      notRequestable: [500, 'Cannot submit request: This track is not requestable.'],
      duplicate: [
        500,
        'Cannot submit request: This song was already requested and will play soon.',
      ],
      tooRecent: [
        500,
        'Cannot submit request: You have submitted a request too recently! Please wait before submitting another one.',
      ],
    },
    {
      version: '0.22',
      locale: 'nl',
      notRequestable: [500, 'Kan aanvraag niet indienen: This track is not requestable.'],
      duplicate: [
        500,
        'Kan aanvraag niet indienen: This song was already requested and will play soon.',
      ],
      tooRecent: [
        500,
        'Kan aanvraag niet indienen: U heeft kortgeleden al een verzoekplaat ingediend! Wacht aub 15 minuten voordat u een volgende indient.',
      ],
    },
    {
      version: '0.23',
      locale: 'en',
      notRequestable: [500, 'Cannot submit request: This track is not requestable.'],
      duplicate: [
        500,
        'Cannot submit request: This song was already requested and will play soon.',
      ],
      tooRecent: [
        500,
        'Cannot submit request: You have submitted a request too recently! Please wait 4 minutes before submitting another one.',
      ],
    },
    {
      version: '0.23',
      locale: 'nl',
      notRequestable: [500, 'Kan aanvraag niet indienen: This track is not requestable.'],
      duplicate: [
        500,
        'Kan aanvraag niet indienen: This song was already requested and will play soon.',
      ],
      tooRecent: [
        500,
        'Kan aanvraag niet indienen: You have submitted a request too recently! Please wait 4 minutes before submitting another one.',
      ],
    },
  ] as const;

  it.each(cases)('$version $locale', async (c) => {
    const fake = await start({ version: c.version, locale: c.locale });
    // Anonymous callers get the browser's language: send what the key user would have.
    const lang = { 'accept-language': c.locale === 'nl' ? 'nl-NL,nl;q=0.9' : 'en-US' };
    const post = (id: string, key?: string) =>
      call(fake, `/api/station/1/request/${id}`, {
        method: 'POST',
        headers: lang,
        ...(key ? { key } : {}),
      });
    const message = (body: Record<string, unknown>) => body.message;

    const jingle = fake.media().find((m) => m.path.startsWith('Jingles/'))!.uniqueId;
    const refusedJingle = await post(jingle, KEY);
    expect([refusedJingle.status, message(refusedJingle.body)]).toEqual(c.notRequestable);

    const first = await post(byTitle(fake, 'Arcade'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      message: 'Your request has been submitted and will be played soon.',
    });
    fake.advance(10_000); // past the rate limit's sliding window

    const again = await post(byTitle(fake, 'Arcade'), KEY);
    expect([again.status, message(again.body)]).toEqual(c.duplicate);
    fake.advance(40_000);

    const tooSoon = await post(byTitle(fake, 'Radar Love'));
    expect([tooSoon.status, message(tooSoon.body)]).toEqual(c.tooRecent);
    fake.advance(10_000);
    // A key's user is exempt from the per-IP cooldown.
    expect((await post(byTitle(fake, 'Radar Love'), KEY)).status).toBe(200);

    if (c.version === '0.19.3') {
      expect(refusedJingle.body).toEqual({
        success: false,
        message: c.notRequestable[1],
        formatted_message: c.notRequestable[1],
      });
    } else {
      expect(refusedJingle.body).toMatchObject({
        code: 500,
        type: 'CannotCompleteActionException',
        success: false,
        extra_data: { class: 'CannotCompleteActionException' },
      });
    }
  });

  it('an unknown request id: 400 in 0.19.3, 404 NotFoundException later', async () => {
    const old = await start({ version: '0.19.3' });
    expect(await submit(old, 'ffffffffffffffffffffffff', KEY)).toEqual({
      status: 400,
      body: {
        success: false,
        message: 'Record not found.',
        formatted_message: 'Record not found.',
      },
    });
    const current = await start({ version: '0.23', locale: 'nl' });
    const missing = await submit(current, 'ffffffffffffffffffffffff', KEY);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ type: 'NotFoundException', message: 'Record not found.' });
  });

  it('a song played within request_threshold is refused (title or artist)', async () => {
    const fake = await start({ version: '0.23', locale: 'nl' });
    const playing = fake.media().find((m) => m.id === fake.history().at(-1)!.mediaId)!;
    const refused = await submit(fake, playing.uniqueId, KEY);
    expect(refused.status).toBe(500);
    expect(refused.body.message).toBe(
      'Kan aanvraag niet indienen: Dit nummer of deze artiest werd onlangs afgespeeld. Wacht even voordat u het opnieuw aanvraagt.',
    );
  });
});

describe('fake AzuraCast: requests switched off', () => {
  it('0.19.3 answers 500 StationUnsupportedException (its 403 is dead code), untranslated', async () => {
    const fake = await start({ version: '0.19.3', locale: 'nl', requestsEnabled: false });
    const list = await call(fake, '/api/station/1/requests', { key: KEY });
    expect(list.status).toBe(500);
    expect(list.body).toMatchObject({
      code: 500,
      type: 'StationUnsupportedException',
      extra_data: [],
      success: false,
    });
    expect(list.body.message).toMatch(
      /^StationUnsupportedException at \/var\/azuracast\/www\/src\/Middleware\/StationSupportsFeature\.php L23: This feature is not currently supported on this station\.$/,
    );
    expect((await submit(fake, byTitle(fake, 'Arcade'), KEY)).status).toBe(500);
  });

  it.each(['0.22', '0.23'] as const)(
    '%s answers 500 "does not currently accept requests"',
    async (version) => {
      const fake = await start({ version, locale: 'nl', requestsEnabled: false });
      const list = await call(fake, '/api/station/1/requests', { key: KEY });
      expect(list.status).toBe(500);
      expect(list.body.message).toBe('This station does not currently accept requests.');
    },
  );

  it('with no requestable playlist 0.23 refuses the list, 0.19.3 lists nothing', async () => {
    const playlists = [{ id: 1, name: 'Hits', includeInRequests: false }];
    const media = [{ path: 'Hits/A - B.mp3', playlistIds: [1] }];
    const current = await start({ version: '0.23', playlists, media });
    expect((await call(current, '/api/station/1/requests')).status).toBe(500);
    const old = await start({ version: '0.19.3', playlists, media });
    expect(await call(old, '/api/station/1/requests')).toEqual({ status: 200, body: [] });
  });
});

describe('fake AzuraCast: requestable list', () => {
  it('pages like the Paginator; anonymous callers get at most 25 per page', async () => {
    const media = Array.from({ length: 30 }, (_, i) => ({
      path: `Hits/Artist ${String(i).padStart(2, '0')} - Song.mp3`,
      artist: `Artist ${String(i).padStart(2, '0')}`,
      title: 'Song',
      playlistIds: [1],
    }));
    const fake = await start({ version: '0.23', playlists: [{ id: 1, name: 'Hits' }], media });
    expect(((await call(fake, '/api/station/1/requests')).body as unknown[]).length).toBe(30);
    const anonymous = await call(fake, '/api/station/1/requests?per_page=100');
    expect(anonymous.body).toMatchObject({ page: 1, per_page: 25, total: 30, total_pages: 2 });
    const withKey = await call(fake, '/api/station/1/requests?per_page=100', { key: KEY });
    expect(withKey.body).toMatchObject({ per_page: 100, total_pages: 1 });
    expect((await call(fake, '/api/station/1/requests?per_page=25&page=3')).status).toBe(500);
  });

  it('an upload is requestable once put in a request playlist; a new request playlist only after 600 s', async () => {
    const fake = await start({
      version: '0.23',
      playlists: [
        { id: 1, name: 'Hits' },
        { id: 2, name: 'Nieuw', includeInRequests: false },
      ],
      media: [{ path: 'Hits/A - B.mp3', playlistIds: [1] }],
    });
    const ids = async () =>
      (
        (await call(fake, '/api/station/1/requests', { key: KEY })).body as { request_id: string }[]
      ).map((row) => row.request_id);
    const mp3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(16_000)]);
    const uploaded = await call(fake, '/api/station/1/files', {
      method: 'POST',
      key: KEY,
      body: { path: 'Nieuw/Froukje - Ik Wil Dansen.mp3', file: mp3.toString('base64') },
    });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({
      artist: 'Froukje',
      title: 'Ik Wil Dansen',
      playlists: [],
    });
    const uniqueId = uploaded.body.unique_id as string;
    expect(await ids()).not.toContain(uniqueId);
    expect((await submit(fake, uniqueId, KEY)).body.message).toBe(
      'Cannot submit request: This track is not requestable.',
    );

    const edited = await call(fake, `/api/station/1/file/${uploaded.body.id}`, {
      method: 'PUT',
      key: KEY,
      body: { playlists: [{ id: 2 }] },
    });
    expect(edited.body).toMatchObject({ success: true, message: 'Record updated successfully.' });
    fake.setPlaylist(2, { includeInRequests: true });
    expect(await ids()).not.toContain(uniqueId); // playlist ids cached 600 s
    fake.advance(600_000);
    expect(await ids()).toContain(uniqueId);
  });

  it('upload and file edit need the Media permission; not-audio is refused', async () => {
    const fake = await start({
      version: '0.23',
      locale: 'nl',
      apiKeys: { [KEY]: { permissions: ['broadcasting'] } },
    });
    const body = { path: 'x.mp3', file: Buffer.from('hello').toString('base64') };
    const anonymous = await call(fake, '/api/station/1/files', { method: 'POST', body });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.message).toBe('You must be logged in to access this page.');
    const denied = await call(fake, '/api/station/1/files', { method: 'POST', key: KEY, body });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(
      'U heeft geen toestemming om dit deel van de website te bezoeken.',
    );

    const media = await start({ version: '0.23' });
    const notAudio = await call(media, '/api/station/1/files', { method: 'POST', key: KEY, body });
    expect(notAudio.status).toBe(500);
    expect(notAudio.body.type).toBe('CannotProcessMediaException');
  });
});

describe('fake AzuraCast: the AutoDJ', () => {
  it('an accepted request enters the queue after request_delay and airs on playNext', async () => {
    const fake = await start({ version: '0.23', requestDelayMinutes: 5 });
    const requested = fake.media().find((m) => m.title === 'Radar Love')!;
    expect((await submit(fake, requested.uniqueId)).status).toBe(200);
    expect(fake.queue().some((row) => row.isRequest)).toBe(false);

    let aired = null;
    for (let song = 0; song < 8 && !aired; song++) {
      const row = fake.playNext();
      if (row.mediaId === requested.id) aired = row;
    }
    expect(aired).toMatchObject({ isRequest: true });
    const request = fake.songRequests()[0]!;
    expect(request.playedAt! - request.requestedAt).toBeGreaterThan(5 * 60);

    const nowPlaying = await call(fake, '/api/nowplaying/1');
    expect(nowPlaying.body).toMatchObject({
      now_playing: { is_request: true, song: { title: 'Radar Love' } },
      station: { requests_enabled: true },
    });
  });

  it('advance() lets songs end and the history grow', async () => {
    const fake = await start({ version: '0.22' });
    const before = fake.history().length;
    fake.advance(30 * 60_000);
    expect(fake.history().length).toBeGreaterThan(before + 4);
    const history = await call(fake, '/api/station/1/history', { key: KEY });
    expect((history.body as { sh_id: number }[])[0]!.sh_id).toBe(fake.history().at(-1)!.shId);
  });
});

describe('fake AzuraCast: rate limit on submits', () => {
  it('0.23 from a public IP: the third call in 5 s is 429', async () => {
    const fake = await start({ version: '0.23', ipSource: 'xff' });
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    const post = () =>
      call(fake, '/api/station/1/request/ffffffffffffffffffffffff', { method: 'POST', headers });
    expect((await post()).status).toBe(404);
    expect((await post()).status).toBe(404);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('You have exceeded the rate limit for this application.');
    fake.advance(10_000);
    expect((await post()).status).toBe(404);
  });

  it('0.19.3 answers the rate limit with a 500', async () => {
    const fake = await start({ version: '0.19.3' });
    for (let i = 0; i < 2; i++) await submit(fake, 'ffffffffffffffffffffffff', KEY);
    const limited = await submit(fake, 'ffffffffffffffffffffffff', KEY);
    expect(limited.status).toBe(500);
    expect(limited.body.type).toBe('RateLimitExceededException');
  });

  it('0.22+ shares one limit of 20 per 5 s among private IPs', async () => {
    const fake = await start({ version: '0.22' });
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await submit(fake, 'ffffffffffffffffffffffff')).status);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('fake AzuraCast: errors', () => {
  it('unknown paths are Slim 404s; curl gets plain text', async () => {
    const fake = await start({ version: '0.23' });
    expect(await call(fake, '/api/station/1/nope')).toMatchObject({
      status: 404,
      body: { type: 'HttpNotFoundException', message: 'Not found.' },
    });
    const curl = await fetch(`${fake.url}/api/station/1/queue`, {
      headers: { 'user-agent': 'curl/8' },
    });
    expect(curl.status).toBe(403);
    expect(await curl.text()).toMatch(/^Error: You must be logged in to access this page\. on /);
  });

  it('a delay-only override slows the real answer', async () => {
    const fake = await start({ version: '0.23' });
    fake.respond('/api/nowplaying/1', { delayMs: 200 }, 1);
    const started = Date.now();
    const answer = await call(fake, '/api/nowplaying/1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(answer.status).toBe(200);
  });
});

describe('fake-azuracast-cli', () => {
  it('prints its URL, plays the next song on request and exits when stdin closes', async () => {
    const child = spawn(
      process.execPath,
      [
        new URL('../src/fake-azuracast-cli.ts', import.meta.url).pathname,
        '--version',
        '0.19.3',
        '--locale',
        'nl',
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const { url } = JSON.parse(line.toString()) as { url: string };
    const before = (await (await fetch(`${url}/api/nowplaying/1`)).json()) as {
      now_playing: { sh_id: number };
    };
    await fetch(`${url}/__fake/play-next`, { method: 'POST' });
    const after = (await (await fetch(`${url}/api/nowplaying/1`)).json()) as {
      now_playing: { sh_id: number };
    };
    expect(after.now_playing.sh_id).toBe(before.now_playing.sh_id + 1);
    child.stdin.end();
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});
