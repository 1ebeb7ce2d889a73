import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { toneMp3 } from '../support/audio.ts';
import { livePlayer, photograph } from '../support/pages.ts';
import { baseURL } from '../support/stack.ts';

// Listening against the real stack and its built-in station (Liquidsoap + Icecast playing the
// demo library, short tracks): now playing on the home page, the archive, and the player.
// Chromium runs with --autoplay-policy=no-user-gesture-required (playwright.config.ts).

type Song = { artist: string; title: string; album: string | null };
type NowPlaying = {
  now_playing: { played_at: number; song: Song } | null;
  song_history: { played_at: number; song: Song }[];
};

const STATION_TIME_ZONE = 'Europe/Amsterdam';
/** The built-in station plays demo tracks of about 50 s; now playing is polled every 30 s. */
const SONG_CHANGE_TIMEOUT_MS = 150_000;

async function nowPlaying(request: APIRequestContext): Promise<NowPlaying> {
  const response = await request.get('/api/now-playing');
  expect(response.ok()).toBe(true);
  return (await response.json()) as NowPlaying;
}

/** The titles the station's API reports now: the current song's and the recent ones'. */
async function reportedTitles(request: APIRequestContext): Promise<(string | undefined)[]> {
  const api = await nowPlaying(request);
  return [api.now_playing?.song.title, ...api.song_history.map((play) => play.song.title)];
}

/** Waits until the station reports a current song (it starts playing after the stack). */
async function currentSong(request: APIRequestContext) {
  let current: NowPlaying['now_playing'] = null;
  await expect
    .poll(async () => (current = (await nowPlaying(request)).now_playing), { timeout: 60_000 })
    .not.toBeNull();
  return current!;
}

/** The hour of the station's clock at a unix time, as the archive's hour buttons show it. */
function stationHourLabel(unixSeconds: number): string {
  const hour = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    hourCycle: 'h23',
    timeZone: STATION_TIME_ZONE,
  }).format(unixSeconds * 1000);
  return `${hour}:00`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector('audio');
    const buffered = audio?.buffered;
    return {
      hasSource: audio?.hasAttribute('src') ?? false,
      paused: audio?.paused ?? true,
      currentTime: audio?.currentTime ?? 0,
      /** Seconds of audio received and not yet played. */
      behindLiveEdge: buffered?.length ? buffered.end(buffered.length - 1) - audio!.currentTime : 0,
      stalls: Number(audio?.dataset.stalls ?? 0),
    };
  });
/** What Icecast sends a new listener at once (the built-in station's burst-size). */
const BURST_BYTES = 65_536;
/** The stream's address as the player fetches it (the element plays a MediaSource of it). */
const streamRequest = (page: Page) =>
  page.waitForRequest((request) => new URL(request.url()).pathname === '/stream/radio.mp3');

test.describe('now playing', () => {
  test('the home page shows the current song, and the next one when it changes', async ({
    page,
    request,
  }) => {
    test.setTimeout(SONG_CHANGE_TIMEOUT_MS + 60_000);
    await currentSong(request);
    await page.goto('/');

    const onAir = livePlayer(page).getByRole('group', { name: 'Nu te horen' });
    const title = onAir.locator('p').first();
    await expect(onAir).toBeVisible();
    const firstTitle = (await title.textContent()) ?? '';
    // The station's API names the page's song, as current or recent. The page may be ahead of
    // the API for a moment: the live stream pushes a new song before the API's cache has it.
    await expect.poll(() => reportedTitles(request), { timeout: 10_000 }).toContain(firstTitle);
    await photograph(page, 'home-first-song');

    await expect(title).not.toHaveText(firstTitle, { timeout: SONG_CHANGE_TIMEOUT_MS });

    const secondTitle = (await title.textContent()) ?? '';
    await expect.poll(() => reportedTitles(request), { timeout: 10_000 }).toContain(secondTitle);
    // The song before moved to the recent songs.
    await expect(page.getByRole('region', { name: 'Eerder op de radio' })).toContainText(
      firstTitle,
    );
    await photograph(page, 'home-next-song');
  });

  test('the archive lists the plays under today and the current hour', async ({
    page,
    request,
  }) => {
    const current = await currentSong(request);
    const hourLabel = stationHourLabel(current.played_at);

    // The archive is read once per page load: the play may need a moment to be recorded.
    await expect(async () => {
      await page.goto('/playlist');
      await page
        .getByRole('region', { name: 'Kies een dag' })
        .getByRole('button', { name: /Vandaag/ })
        .click();
      await page
        .getByRole('region', { name: 'Kies een uur' })
        .getByRole('button', {
          name: new RegExp(`^${escapeRegExp(hourLabel)} [1-9]\\d* nummers?$`),
        })
        .click();
      const tracks = page.getByRole('region', { name: 'Gedraaide nummers' });
      await expect(tracks).toContainText(current.song.title, { timeout: 3_000 });
      await expect(tracks).toContainText(current.song.artist);
    }).toPass({ timeout: 60_000 });

    await expect(page).toHaveURL(/[?&]dag=\d{4}-\d{2}-\d{2}&uur=\d{1,2}$/);
    await photograph(page, 'playlist-hour');

    await page
      .getByRole('region', { name: 'Kies een uur' })
      .getByRole('button', { name: /^Hele dag/ })
      .click();
    await expect(page.getByRole('region', { name: 'Gedraaide nummers' })).toContainText(
      current.song.title,
    );
  });
});

test.describe('the live player', () => {
  test('plays the stream, and stops without an error', async ({ page, request }) => {
    await page.goto('/luisteren');
    const player = livePlayer(page);
    const m3u = player.getByRole('link', { name: /M3U/ });
    await expect(m3u).toBeVisible();

    const stream = streamRequest(page);
    await player.getByRole('button', { name: 'Afspelen' }).click();

    await expect(player.getByRole('button', { name: 'Pauzeren' })).toBeVisible({
      timeout: 20_000,
    });
    await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(1);
    expect((await stream).url()).toMatch(/\/stream\/radio\.mp3$/);
    await expect(player.getByRole('alert')).toHaveCount(0);
    await photograph(page, 'player-playing');

    await player.getByRole('button', { name: 'Pauzeren' }).click();

    await expect(player.getByRole('button', { name: 'Afspelen' })).toBeVisible();
    expect(await audioState(page)).toMatchObject({ hasSource: false, paused: true });
    await expect(player.getByRole('alert')).toHaveCount(0);

    // The player file for desktop players points at the stream.
    const file = await request.get((await m3u.getAttribute('href')) ?? '');
    expect(file.ok()).toBe(true);
    expect(await file.text()).toMatch(/\/stream\/radio\.mp3\s*$/);
  });

  test('tries the first stream address, then the fallback, and shows the error when the stream is down', async ({
    page,
    request,
  }) => {
    // The stream is stopped by aborting every request for it (Icecast runs under the stack's
    // supervisor, which would restart it).
    const tried: string[] = [];
    await page.route('**/stream/radio.mp3', async (route) => {
      tried.push(route.request().url());
      await route.abort('connectionrefused');
    });
    await page.goto('/luisteren');
    const player = livePlayer(page);
    await expect(player.getByRole('link', { name: /M3U/ })).toBeVisible();

    await player.getByRole('button', { name: 'Afspelen' }).click();

    await expect(player.getByRole('alert')).toHaveText('Stream tijdelijk niet beschikbaar');
    const info = (await (await request.get('/api/station-info')).json()) as {
      streamUrl: string;
      streamFallbackUrl: string;
    };
    // Each distinct address once, in order (a path is on the site itself; '' is none).
    const addresses = [info.streamUrl, info.streamFallbackUrl]
      .filter(Boolean)
      .map((address) => new URL(address, page.url()).href);
    expect(tried).toEqual([...new Set(addresses)]);
    await expect(player.getByRole('button', { name: 'Afspelen' })).toBeVisible();
    await photograph(page, 'player-down');

    // Playing again clears the error and tries again from the first address.
    await page.unroute('**/stream/radio.mp3');
    await player.getByRole('button', { name: 'Afspelen' }).click();
    await expect(player.getByRole('button', { name: 'Pauzeren' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(player.getByRole('alert')).toHaveCount(0);
  });

  test('plays on through connections that break off, and reconnects by itself after an outage, until stopped', async ({
    page,
  }) => {
    // The station as Icecast serves it, over connections that break off at once: each one gets
    // Icecast's burst (the last 64 kB of a live stream that moves on 16 kB a second) and ends.
    // While `down`, every connection is refused.
    const live = toneMp3(440, '128k', { seconds: 180, bare: true });
    const startedAt = Date.now();
    let down = false;
    let connections = 0;
    await page.route('**/stream/radio.mp3', (route) => {
      connections++;
      if (down) return route.abort('connectionrefused');
      const edge = Math.min(live.length, BURST_BYTES + ((Date.now() - startedAt) / 1000) * 16_000);
      const body = live.subarray(Math.max(0, Math.round(edge) - BURST_BYTES), Math.round(edge));
      return route.fulfill({ status: 200, contentType: 'audio/mpeg', body });
    });
    // The page's clock runs as usual; the waits between reconnects are skipped below.
    await page.clock.install();
    await page.goto('/luisteren');
    const player = livePlayer(page);
    await expect(player.getByRole('link', { name: /M3U/ })).toBeVisible();

    await player.getByRole('button', { name: 'Afspelen' }).click();
    await expect(player.getByRole('button', { name: 'Pauzeren' })).toBeVisible({
      timeout: 20_000,
    });
    await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      audio.dataset.stalls = '0';
      audio.addEventListener('waiting', () => {
        audio.dataset.stalls = String(Number(audio.dataset.stalls) + 1);
      });
    });

    // Each break is mended while the buffer plays: no stall, nothing to see, and no part of the
    // burst played twice (then the player would fall four seconds further behind each time).
    const connected = connections;
    await expect.poll(() => connections - connected, { timeout: 15_000 }).toBeGreaterThan(10);
    const playing = await audioState(page);
    expect(playing).toMatchObject({ paused: false, stalls: 0 });
    expect(playing.behindLiveEdge).toBeGreaterThan(2);
    expect(playing.behindLiveEdge).toBeLessThan(5);
    await expect(player.getByRole('button', { name: 'Pauzeren' })).toBeVisible();
    await expect(player.getByText('Opnieuw verbinden…', { exact: true })).toHaveCount(0);

    // The station goes away: when the buffer has played out, the player says it reconnects.
    down = true;
    await expect(player.getByRole('button', { name: 'Stoppen' })).toBeVisible({ timeout: 15_000 });
    await expect(player.getByText('Opnieuw verbinden…', { exact: true })).toBeVisible();
    await expect(player.getByRole('alert')).toHaveCount(0);
    await photograph(page, 'player-reconnecting', false);

    // Back: at its next try (the wait skipped) it plays again without a click.
    down = false;
    await page.clock.runFor('00:16');
    await expect(player.getByRole('button', { name: 'Pauzeren' })).toBeVisible({
      timeout: 15_000,
    });

    // Stop while it waits to reconnect: it stays stopped.
    down = true;
    await expect(player.getByRole('button', { name: 'Stoppen' })).toBeVisible({ timeout: 15_000 });
    await player.getByRole('button', { name: 'Stoppen' }).click();
    const stoppedAt = connections;
    await expect(player.getByRole('button', { name: 'Afspelen' })).toBeVisible();
    // Five minutes on, every reconnect the player could have had waiting (about two minutes of
    // them in all) would have run, and one that ran would have given the audio the stream again.
    await page.clock.runFor('05:00');
    expect(await audioState(page)).toMatchObject({ hasSource: false, paused: true });
    await expect(player.getByRole('button', { name: 'Afspelen' })).toBeVisible();
    expect(connections).toBe(stoppedAt);
    await expect(player.getByRole('alert')).toHaveCount(0);
  });

  test('plays whatever name the site is reached by (127.0.0.1 instead of localhost)', async ({
    page,
  }) => {
    const otherName = new URL(baseURL());
    otherName.hostname = otherName.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
    await page.goto(new URL('/luisteren', otherName).href);
    const player = livePlayer(page);
    await expect(player.getByRole('link', { name: /M3U/ })).toBeVisible();

    const stream = streamRequest(page);
    await player.getByRole('button', { name: 'Afspelen' }).click();

    await expect(player.getByRole('button', { name: 'Pauzeren' })).toBeVisible({
      timeout: 20_000,
    });
    expect(new URL((await stream).url()).host).toBe(otherName.host);
    await expect(player.getByRole('alert')).toHaveCount(0);
    await player.getByRole('button', { name: 'Pauzeren' }).click();
  });

  test('keeps playing on the way to the archive, in the mini player', async ({ page }) => {
    await page.goto('/');
    const player = livePlayer(page);
    await expect(player.getByRole('link', { name: /M3U/ })).toBeVisible();
    await player.getByRole('button', { name: 'Afspelen' }).click();
    await expect(player.getByRole('button', { name: 'Pauzeren' })).toBeVisible({
      timeout: 20_000,
    });

    await page.getByRole('link', { name: 'Bekijk de hele playlist' }).click();

    await expect(page).toHaveURL(/\/playlist$/);
    const miniPlayer = livePlayer(page);
    await expect(miniPlayer.getByRole('link', { name: /speler/i })).toBeVisible();
    expect((await audioState(page)).paused).toBe(false);
    await photograph(page, 'mini-player', false);

    await miniPlayer.getByRole('button', { name: 'Pauzeren' }).click();
    await expect(livePlayer(page)).toHaveCount(0);
    expect(await audioState(page)).toMatchObject({ hasSource: false, paused: true });
  });
});
