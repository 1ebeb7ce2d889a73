import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page, type Response } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import {
  createListener,
  deleteRequestsOf,
  libraryTrack,
  logIn,
  lookAt,
  onAirTitle,
  PHONE,
  requestSong,
} from '../support/pages.ts';
import { adminCredentials, dataDir } from '../support/stack.ts';

// Live updates against the real stack: an open page follows the station through its live event
// stream (/api/events, server-sent events through the gateway) without reloading, and falls back
// to the spec's polls when the gateway refuses the stream.

test.use({ viewport: PHONE });

/** The built-in station plays demo tracks of about 30 s here; the fallback poll is every 30 s. */
const SONG_CHANGE_TIMEOUT_MS = 150_000;
/** How soon an open page must show an admin's switch. */
const SWITCH_SHOWN_MS = 1_000;

const liveStreamOpened = (page: Page): Promise<Response> =>
  page.waitForResponse((r) => r.url().includes('/api/events') && r.status() === 200);

async function switchStation(
  admin: APIRequestContext,
  path: '/api/admin/toggle-requests' | '/api/admin/broadcasting-mode',
  data: object,
): Promise<void> {
  const changed = await admin.patch(path, { data });
  expect(changed.ok(), await changed.text()).toBe(true);
}

test("the requests gate and the LIVE badge follow an admin's switches within a second, without a reload", async ({
  page,
  request,
}) => {
  await logIn(request, adminCredentials());
  await logIn(page.request, await createListener('Live Luisteraar'));
  const opened = liveStreamOpened(page);
  await page.goto('/verzoekjes');
  await expect(page.getByRole('heading', { name: /Zoek een nummer/ })).toBeVisible();
  await opened;
  const badge = page.getByRole('banner').getByText('LIVE', { exact: true });
  await expect(badge).toHaveCount(0);

  await switchStation(request, '/api/admin/toggle-requests', { enabled: false });
  await expect(
    page.getByRole('heading', { name: 'Verzoekjes Momenteel Uitgeschakeld' }),
  ).toBeVisible({ timeout: SWITCH_SHOWN_MS });
  await switchStation(request, '/api/admin/broadcasting-mode', { mode: 'live' });
  await expect(badge).toBeVisible({ timeout: SWITCH_SHOWN_MS });

  await switchStation(request, '/api/admin/toggle-requests', { enabled: true });
  await expect(page.getByRole('heading', { name: /Zoek een nummer/ })).toBeVisible({
    timeout: SWITCH_SHOWN_MS,
  });
  await switchStation(request, '/api/admin/broadcasting-mode', { mode: 'nonstop' });
  await expect(badge).toHaveCount(0, { timeout: SWITCH_SHOWN_MS });
});

test('the next song reaches an open page by the stream: no poll of now playing', async ({
  page,
}) => {
  test.setTimeout(SONG_CHANGE_TIMEOUT_MS + 60_000);
  const opened = liveStreamOpened(page);
  await page.goto('/');
  await opened;
  const title = onAirTitle(page);
  await expect(title).not.toHaveText('');
  const firstTitle = (await title.textContent()) ?? '';
  let polls = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/now-playing') polls++;
  });

  await expect(title).not.toHaveText(firstTitle, { timeout: SONG_CHANGE_TIMEOUT_MS });
  expect(polls, 'GETs of /api/now-playing while the stream was open').toBe(0);
  await expect(page.getByRole('region', { name: 'Eerder op de radio' })).toContainText(firstTitle);
});

test('with the stream switched off at the gateway, the page polls now playing as before', async ({
  page,
}) => {
  test.setTimeout(SONG_CHANGE_TIMEOUT_MS + 60_000);
  // The gateway's switch (gateway/nginx.conf.template): every stream is answered 503.
  const off = path.join(dataDir(), 'run', 'nginx', 'live-events.off');
  expect(existsSync(path.dirname(off))).toBe(true);
  writeFileSync(off, '');
  try {
    const refused = page.waitForResponse((r) => r.url().includes('/api/events'));
    await page.goto('/');
    expect((await refused).status()).toBe(503);
    const title = onAirTitle(page);
    await expect(title).not.toHaveText('');
    const firstTitle = (await title.textContent()) ?? '';
    const polled = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/now-playing', {
      timeout: 45_000,
    });
    await expect(title).not.toHaveText(firstTitle, { timeout: SONG_CHANGE_TIMEOUT_MS });
    await polled;
  } finally {
    rmSync(off, { force: true });
  }
});

/** A request airs when the song before it ends (demo songs: 30 s ± 20 %); two songs of margin. */
const REQUEST_AIRS_MS = 90_000;

test('a listener sees their request move from review to approved to on air, and is told, without a reload', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(REQUEST_AIRS_MS + 60_000);
  await logIn(request, adminCredentials());
  const listener = await createListener('Verzoek Luisteraar');
  await logIn(page.request, listener);
  // The notifications the page makes, recorded (the permission is the browser's own, granted).
  await context.grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const Real = window.Notification;
    const made: { title: string; body?: string; tag?: string }[] = [];
    Object.assign(window, { madeNotifications: made });
    class Recorded {
      static get permission() {
        return Real.permission;
      }
      static requestPermission = () => Real.requestPermission();
      constructor(title: string, options: NotificationOptions = {}) {
        made.push({ title, body: options.body, tag: options.tag });
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true });
  });
  try {
    // Indexed first: in live mode without a live source the worker scans no library (a fresh
    // stack that starts with this test has not scanned it yet).
    await libraryTrack(page.request, 'Wind in de zeilen');
    // Live: a request waits for the DJ's review.
    await switchStation(request, '/api/admin/broadcasting-mode', { mode: 'live' });
    const opened = liveStreamOpened(page);
    await page.goto('/verzoekjes');
    await opened;
    const mine = page.getByRole('region', { name: 'Mijn verzoekjes' });
    await expect(mine).toBeVisible();

    const submitted = await requestSong(page.request, 'Wind in de zeilen');
    expect(submitted.status(), await submitted.text()).toBe(201);
    const { id } = (await submitted.json()) as { id: number };
    const row = mine.getByRole('listitem').filter({ hasText: 'Wind in de zeilen' });
    await expect(row).toContainText('In behandeling', { timeout: SWITCH_SHOWN_MS });

    const approved = await request.patch(`/api/requests/${id}/status`, {
      data: { status: 'approved' },
    });
    expect(approved.ok(), await approved.text()).toBe(true);
    await expect(row).toContainText('Goedgekeurd', { timeout: SWITCH_SHOWN_MS });

    // Back to nonstop: queued, it airs when the current song ends.
    await switchStation(request, '/api/admin/broadcasting-mode', { mode: 'nonstop' });
    await expect(row).toContainText('Nu op de radio', { timeout: REQUEST_AIRS_MS });
    const announced = page
      .locator('[aria-live="polite"]')
      .filter({ hasText: 'Je verzoekje wordt nu gedraaid!' });
    await expect(announced).toContainText('Wind in de zeilen – Orkest De Vliegende Hollander');
    await lookAt(page, 'request-on-air');
    expect(
      await page.evaluate(
        () => (window as unknown as { madeNotifications: unknown[] }).madeNotifications,
      ),
    ).toEqual([
      {
        title: 'Je verzoekje wordt nu gedraaid!',
        body: 'Wind in de zeilen – Orkest De Vliegende Hollander',
        tag: `request-${id}`,
      },
    ]);
  } finally {
    await switchStation(request, '/api/admin/broadcasting-mode', { mode: 'nonstop' });
    await deleteRequestsOf(listener.email);
  }
});
