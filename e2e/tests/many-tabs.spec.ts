import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { logIn, onAirTitle, PHONE } from '../support/pages.ts';
import { adminCredentials } from '../support/stack.ts';

// Over plain HTTP/1.1 Chromium opens at most six connections to a host. With a live event stream
// per tab, six open tabs of the site held all six, and a seventh waited on its spinner. The tabs
// share one stream (lib/live-events.ts): one tab holds it and relays its events to the others.

test.use({ viewport: PHONE });

const TABS = 7;
/** How soon an open page must show an admin's switch (as in live-updates.spec.ts). */
const SWITCH_SHOWN_MS = 1_000;
/** A tab that takes the stream over after the one holding it closed: the lock, then the stream. */
const TAKE_OVER_MS = 10_000;

const liveBadge = (page: Page) => page.getByRole('banner').getByText('LIVE', { exact: true });

test(`${TABS} tabs of / each load and follow the station through one live stream`, async ({
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await logIn(request, adminCredentials());
  let streams = 0;
  context.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/events') streams += 1;
  });

  const tabs: Page[] = [];
  for (let i = 0; i < TABS; i++) {
    const tab = await context.newPage();
    const nowPlaying = tab.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/now-playing' && r.ok(),
      { timeout: 10_000 },
    );
    await tab.goto('/', { timeout: 10_000 });
    await nowPlaying;
    await expect(onAirTitle(tab)).not.toBeEmpty({ timeout: 10_000 });
    tabs.push(tab);
  }
  const last = tabs[TABS - 1]!;
  const dates = await last.evaluate(
    async () => (await fetch('/api/playlist/available-dates')).status,
  );
  expect(dates).toBe(200);
  expect(streams).toBe(1);

  const switched = await request.patch('/api/admin/broadcasting-mode', { data: { mode: 'live' } });
  expect(switched.ok(), await switched.text()).toBe(true);
  for (const tab of [tabs[0]!, last]) {
    await expect(liveBadge(tab)).toBeVisible({ timeout: SWITCH_SHOWN_MS });
  }

  // The tab that holds the stream closes: another one opens it and the rest follow again.
  await tabs[0]!.close();
  await expect.poll(() => streams, { timeout: TAKE_OVER_MS }).toBe(2);
  const back = await request.patch('/api/admin/broadcasting-mode', { data: { mode: 'nonstop' } });
  expect(back.ok(), await back.text()).toBe(true);
  await expect(liveBadge(last)).toHaveCount(0, { timeout: TAKE_OVER_MS });
});
