import { type APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { logIn, lookAt, PHONE } from '../support/pages.ts';
import { adminCredentials, baseURL } from '../support/stack.ts';

// The admin panel's Overview tab in Chromium against the native stack: what the built-in
// station plays now (the title the listeners' now playing reports), the listeners Icecast
// counts (one is this test, reading the stream), and a source that answers (not stale).

test.use({ viewport: PHONE });

type Overview = { listeners: { current: number } | null; source: { stale: boolean } };

async function currentTitle(request: APIRequestContext): Promise<string | null> {
  const response = await request.get('/api/now-playing');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { now_playing: { song: { title: string } } | null };
  return body.now_playing?.song.title ?? null;
}

test('the overview shows the song on air, the listeners and a source that answers', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page.request, adminCredentials());
  await expect.poll(() => currentTitle(page.request), { timeout: 60_000 }).not.toBeNull();

  // A listener of our own: the worker's next poll of the station carries Icecast's count.
  const stream = await fetch(`${baseURL()}/stream/radio.mp3`);
  const reader = stream.body?.getReader();
  const listening = (async () => {
    while (reader && !(await reader.read()).done);
  })().catch(() => undefined);
  try {
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/admin/overview')).json()) as Overview).listeners
            ?.current ?? 0,
        { timeout: 60_000 },
      )
      .toBeGreaterThanOrEqual(1);

    // The demo songs are short: the overview (polled every 30 s) may show the song before, so
    // it is compared with the listeners' now playing as the page loads.
    await expect(async () => {
      await page.goto('/admin-management');
      const title = await currentTitle(page.request);
      await expect(page.getByRole('region', { name: 'Nu op de radio' })).toContainText(
        title ?? '',
        { timeout: 5_000 },
      );
    }).toPass({ timeout: 90_000 });

    const listeners = page.getByRole('region', { name: 'Luisteraars' });
    await expect(listeners).toContainText(/[1-9]\d*\s*nu op de stream/);
    const source = page.getByRole('region', { name: 'Bron' });
    await expect(source).toContainText('Nonstop · Ingebouwde zender');
    await expect(source).toContainText(/Laatste geslaagde peiling: \d\d:\d\d/);
    await expect(source.getByText('Actueel')).toBeVisible();
    await expect(source.getByText(/Verouderd/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Recente verzoekjes' })).toBeVisible();

    // Nothing wider than a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await lookAt(page, 'admin-overview');
  } finally {
    await reader?.cancel().catch(() => undefined);
    await listening;
  }
});
