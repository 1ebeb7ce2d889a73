import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@radio/service-kit';
import {
  createTestApp,
  cuttableLink,
  type CuttableLink,
  type TestApp,
} from '@radio/service-kit/testing';
import { buildPlaylistApp } from '../build.ts';

const BOM = '\uFEFF';
const HEADER = 'datum,tijd,artiest,titel,album,duur_seconden';
const MONTH_ERROR = { message: 'Ongeldige maand: gebruik JJJJ-MM', code: 'VALIDATION_ERROR' };

let t: TestApp;
let nextId = 1;

interface Play {
  at: string;
  artist?: string;
  title?: string;
  album?: string | null;
  duration?: number;
}

async function played(...plays: Play[]): Promise<void> {
  await t.app.db
    .insertInto('playHistory')
    .values(
      plays.map((play) => {
        nextId += 1;
        return {
          source: 'https://azuracast.test',
          azuracastId: nextId,
          artist: play.artist ?? 'Artiest',
          title: play.title ?? `Titel ${play.at}`,
          album: play.album === undefined ? 'Album' : play.album,
          playedAt: new Date(play.at),
          duration: play.duration ?? 200,
        };
      }),
    )
    .execute();
}

beforeAll(async () => {
  t = await createTestApp(buildPlaylistApp);
  // Europe/Amsterdam 2026: clocks go forward on 29 March at 02:00 (01:00 UTC) and back on
  // 25 October at 03:00 (01:00 UTC).
  await played(
    { at: '2026-02-28T22:59:59Z', title: 'Laatste van februari' }, // 23:59:59 on 28 Feb
    { at: '2026-02-28T23:00:00Z', title: 'Eerste van maart' }, // 00:00:00 on 1 March
    { at: '2026-02-28T23:30:00Z', title: 'Half een' },
    { at: '2026-03-29T00:59:59Z', title: 'Voor de sprong' }, // 01:59:59 winter time
    { at: '2026-03-29T01:00:00Z', title: 'Na de sprong' }, // 03:00:00 summer time
    { at: '2026-03-31T21:59:59Z', title: 'Laatste van maart' }, // 23:59:59 summer time
    { at: '2026-03-31T22:00:00Z', title: 'Eerste van april' },
    { at: '2026-10-25T00:30:00Z', title: 'Eerste 02:30' }, // summer time
    { at: '2026-10-25T01:30:00Z', title: 'Tweede 02:30' }, // winter time, the hour again
    { at: '2026-10-31T22:59:59Z', title: 'Laatste van oktober' },
    { at: '2026-10-31T23:00:00Z', title: 'Eerste van november' },
  );
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const asAdmin = async (url: string) => (await t.as('admin')).get(url);

/** The records of an export after its header, as raw lines (no field here holds a line break). */
function records(body: string): string[] {
  expect(body.startsWith(BOM + HEADER + '\r\n')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(BOM.length).split('\r\n').slice(1, -1);
}

describe('GET /api/admin/play-history.csv', () => {
  it('lists a month of plays by the station clock, across the spring DST change', async () => {
    const response = await asAdmin('/api/admin/play-history.csv?month=2026-03');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="speellijst-2026-03.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(records(response.body)).toEqual([
      '2026-03-01,00:00:00,Artiest,Eerste van maart,Album,200',
      '2026-03-01,00:30:00,Artiest,Half een,Album,200',
      '2026-03-29,01:59:59,Artiest,Voor de sprong,Album,200',
      '2026-03-29,03:00:00,Artiest,Na de sprong,Album,200',
      '2026-03-31,23:59:59,Artiest,Laatste van maart,Album,200',
    ]);
  });

  it('lists the repeated hour of the autumn change twice, in the order played', async () => {
    const rows = records((await asAdmin('/api/admin/play-history.csv?month=2026-10')).body);
    expect(rows).toEqual([
      '2026-10-25,02:30:00,Artiest,Eerste 02:30,Album,200',
      '2026-10-25,02:30:00,Artiest,Tweede 02:30,Album,200',
      '2026-10-31,23:59:59,Artiest,Laatste van oktober,Album,200',
    ]);
  });

  it('gives a month without plays as the header alone', async () => {
    const response = await asAdmin('/api/admin/play-history.csv?month=2025-01');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`${BOM}${HEADER}\r\n`);
  });

  it("exports this month on the station's clock when no month is given", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-02-28T23:15:00Z')); // 1 March 00:15 in Amsterdam
    const response = await asAdmin('/api/admin/play-history.csv');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="speellijst-2026-03.csv"',
    );
    expect(records(response.body)).toHaveLength(5);
  });

  it('quotes fields the CSV way, keeps Dutch characters and disarms formulas', async () => {
    await played(
      {
        at: '2026-06-10T10:00:00Z',
        artist: 'Crosby, Stills & Nash',
        title: 'Zeg "ja"',
        album: null,
        duration: 5,
      },
      {
        at: '2026-06-10T10:05:00Z',
        artist: '=HYPERLINK("http://x.test")',
        title: '+31',
        album: '@home',
      },
      { at: '2026-06-10T10:10:00Z', artist: '-Björk', title: 'Één\r\ntwee', album: '\tTab' },
    );
    const response = await asAdmin('/api/admin/play-history.csv?month=2026-06');
    const body = response.rawPayload;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.toString('utf8')).toBe(
      `${BOM}${HEADER}\r\n` +
        '2026-06-10,12:00:00,"Crosby, Stills & Nash","Zeg ""ja""",,5\r\n' +
        `2026-06-10,12:05:00,"'=HYPERLINK(""http://x.test"")",'+31,'@home,200\r\n` +
        `2026-06-10,12:10:00,'-Björk,"Één\r\ntwee",'\tTab,200\r\n`,
    );
  });

  it('refuses a month that is not YYYY-MM with a Dutch message', async () => {
    for (const month of ['2026-13', '2026-3', 'maart', '2026-03-01', '0000-01', '', '1969-12']) {
      const response = await asAdmin(`/api/admin/play-history.csv?month=${month}`);
      expect(response.statusCode, month).toBe(400);
      expect(response.json()).toEqual(MONTH_ERROR);
    }
    const twice = await asAdmin('/api/admin/play-history.csv?month=2026-03&month=2026-04');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual(MONTH_ERROR);
  });

  it('is for admins only', async () => {
    const url = '/api/admin/play-history.csv?month=2026-03';
    expect((await t.client().get(url)).statusCode).toBe(401);
    const listener = await (await t.as('listener')).get(url);
    expect(listener.statusCode).toBe(403);
    expect(listener.body).not.toContain('Eerste van maart');
  });
});

/** The heap in use after a full collection: what the process holds, not garbage. */
function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

describe('a big month', () => {
  const PLAYS = 50_000;

  it('is streamed: the first rows arrive at once, and plays are read as the client takes them', async () => {
    // May 2026 (summer time all month): plays spread over 30 days from 1 May 00:00 station time.
    await sql`
      insert into play_history (source, azuracast_id, title, artist, album, played_at, duration)
      select 'https://groot.test', n, 'Titel ' || n, 'Artiest ' || (n % 500), 'Album', 
             timestamptz '2026-04-30T22:00:00Z' + n * (interval '30 days' / ${PLAYS}), 180
      from generate_series(0, ${PLAYS - 1}) as n`.execute(t.app.db);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const admin = await t.as('admin');
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

    const heapBefore = heapAfterGc();
    let heapPeak = heapBefore;
    let chunks = 0;
    const started = performance.now();
    const response = await fetch(`${address}/api/admin/play-history.csv?month=2026-05`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    const firstMs = performance.now() - started;
    let text = decoder.decode(first.value, { stream: true });
    // A play added now, at the end of the month, is still in the export: the server had not
    // read the whole month before it started sending.
    await played({ at: '2026-05-31T21:59:59Z', title: 'Te laat', artist: 'Laatkomer' });
    let bytes = first.value?.byteLength ?? 0;
    let lines = text.split('\r\n').length - 1;
    let tail = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      text = tail + decoder.decode(value, { stream: true });
      lines += text.split('\r\n').length - 1;
      tail = text.slice(text.lastIndexOf('\r\n') + 2);
      chunks += 1;
      if (chunks % 5 === 0) heapPeak = Math.max(heapPeak, heapAfterGc());
    }
    const totalMs = performance.now() - started;
    const mb = (n: number): string => (n / 1024 / 1024).toFixed(1);
    console.info(
      `export of ${PLAYS} plays: ${mb(bytes)} MB, first bytes after ${firstMs.toFixed(0)} ms, ` +
        `all after ${totalMs.toFixed(0)} ms, heap held (after GC) at most +${mb(heapPeak - heapBefore)} MB`,
    );
    expect(lines).toBe(1 + PLAYS + 1);
    expect(text.endsWith('2026-05-31,23:59:59,Laatkomer,Te laat,Album,200\r\n')).toBe(true);
    expect(firstMs).toBeLessThan(1_000);
    expect(totalMs).toBeLessThan(15_000);
    // The whole month would be tens of megabytes as rows and text; one day is well under one.
    expect(heapPeak - heapBefore).toBeLessThan(8 * 1024 * 1024);
  }, 60_000);
});

describe('while Postgres is down', () => {
  it('the export answers a fast 503 in JSON, not a broken file', async () => {
    let link: CuttableLink | undefined;
    const behindLink = await createTestApp(async (env) => {
      link = await cuttableLink(env.DATABASE_URL ?? '');
      return buildPlaylistApp({ ...env, DATABASE_URL: link.url });
    });
    try {
      const admin = await behindLink.as('admin');
      await link?.cut();
      const started = performance.now();
      const response = await admin.get('/api/admin/play-history.csv?month=2026-03');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: SERVICE_UNAVAILABLE_MESSAGE,
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      await link?.restore();
      await behindLink.close();
      await link?.close();
    }
  });
});
