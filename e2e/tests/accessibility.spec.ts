import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { axeFindings, photograph } from '../support/pages.ts';
import { adminCredentials } from '../support/stack.ts';

// axe-core (WCAG 2.2 AA) on every built page at a phone's and a desktop's width, and the
// keyboard rules axe cannot see: Escape in the menu, focus after a navigation.

const WIDTHS = [390, 1280] as const;

/** The page is drawn: its heading is there and nothing is loading any more. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.animate-pulse')).toHaveCount(0, { timeout: 10_000 });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeFindings(page)).toEqual([]);
}

async function logIn(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: adminCredentials() });
  expect(response.ok()).toBe(true);
}

/** As the admin does it (the services drop their cached settings). */
async function setRegistration(request: APIRequestContext, enabled: boolean): Promise<void> {
  expect((await request.post('/api/auth/login', { data: adminCredentials() })).ok()).toBe(true);
  const changed = await request.post('/api/dj-settings/registration', { data: { enabled } });
  expect(changed.ok()).toBe(true);
  await request.post('/api/auth/logout');
}

/** The archive has a day once the built-in station has played its first track. */
async function archiveHasADay(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/playlist/available-dates')).json()) as unknown[]).length,
      { timeout: 90_000 },
    )
    .toBeGreaterThan(0);
}

/**
 * The archive of the newest day, its first hour with plays chosen (not the whole day: the
 * listening tests read that fresh, and the gateway would serve them this visit's answer).
 */
async function openAnHour(page: Page, request: APIRequestContext): Promise<void> {
  await archiveHasADay(request);
  await page.goto('/playlist');
  await page.getByRole('region', { name: 'Kies een dag' }).getByRole('button').first().click();
  await page
    .getByRole('region', { name: 'Kies een uur' })
    .getByRole('list', { name: 'Uren' })
    .getByRole('button', { name: / [1-9]\d* nummers?$/ })
    .first()
    .click();
}

const VISITOR_PAGES = ['/', '/luisteren', '/playlist', '/auth', '/verzoekjes', '/bestaat-niet'];
const ADMIN_PAGES = ['/account', '/upload', '/verzoekjes', '/cloud-uploads', '/admin-management'];

for (const width of WIDTHS) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 900 } });

    for (const path of VISITOR_PAGES) {
      test(`a visitor's ${path}`, async ({ page }) => {
        await page.goto(path);
        await settled(page);
        await expectNoAxeViolations(page);
      });
    }

    test('the /upload gate sends a visitor to /auth', async ({ page }) => {
      await page.goto('/upload');
      await expect(page).toHaveURL(/\/auth$/);
      await settled(page);
      await expectNoAxeViolations(page);
    });

    test('/auth with both tabs (registration on)', async ({ page, request }) => {
      await setRegistration(request, true);
      try {
        await page.goto('/auth');
        await settled(page);
        await expectNoAxeViolations(page);
        await page.getByRole('tab', { name: 'Registreren' }).click();
        await expect(page.getByLabel('Volledige naam')).toBeVisible();
        await expectNoAxeViolations(page);
      } finally {
        await setRegistration(request, false);
      }
    });

    test('the playlist with a day and an hour chosen', async ({ page, request }) => {
      // Choosing an hour scrolls the tracks into view: instantly here, then back to the top, so
      // axe does not judge the hour buttons while they pass under the sticky header (its
      // target-size rule counts a partly covered button as too small; it failed once that way).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openAnHour(page, request);
      await settled(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page);
    });

    for (const path of ADMIN_PAGES) {
      test(`the admin's ${path}`, async ({ page }) => {
        await logIn(page);
        await page.goto(path);
        await settled(page);
        await expectNoAxeViolations(page);
      });
    }
  });
}

test.describe('keyboard', () => {
  test('at 390 px Escape closes the menu and focus goes back to its button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const menu = page.locator('#mobile-menu');
    await menu.getByRole('link', { name: 'Playlist' }).focus();

    await page.keyboard.press('Escape');

    await expect(menu).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('after a navigation the new page’s heading has focus', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await settled(page);

    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Playlist' })
      .focus();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: 'Playlist' })).toBeFocused();
    await expect(page).toHaveTitle(/^Playlist · /);
  });

  test('a focused element is not hidden under the sticky header', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/playlist');
    await settled(page);
    // Tab backwards from the footer: each element the page scrolls to must clear the header.
    await page.getByRole('contentinfo').getByRole('link').first().focus();
    const headerBottom = await page
      .getByRole('banner')
      .evaluate((header) => header.getBoundingClientRect().bottom);
    const checked: string[] = [];
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Shift+Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return null;
        return {
          name: element.textContent?.trim().slice(0, 30) ?? '',
          top: element.getBoundingClientRect().top,
          // The header itself and fixed elements (the skip link) are never under the header.
          exempt:
            Boolean(element.closest('header')) || getComputedStyle(element).position === 'fixed',
        };
      });
      if (!focused || focused.exempt) continue;
      checked.push(focused.name);
      expect(focused.top, `"${focused.name}" under the header`).toBeGreaterThanOrEqual(
        headerBottom - 1,
      );
    }
    expect(checked.length).toBeGreaterThan(3);
  });
});

test.describe('the playlist at 390 px', () => {
  test('choosing an hour brings its tracks into view', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAnHour(page, request);

    await expect(page.getByRole('region', { name: 'Afspeellijst' })).toBeInViewport();
    await photograph(page, 'playlist-390-hour', false);
  });
});

test.describe('the header', () => {
  test('shows the links while they fit, and collapses to "Menu" only when they do not', async ({
    page,
  }) => {
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Hoofdmenu' });
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });

    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/');
    await settled(page);
    await expect(nav.getByRole('link', { name: 'Playlist' })).toBeVisible();
    await expect(menuButton).toBeHidden();
    await photograph(page, 'header-1024', false);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(menuButton).toBeVisible();
    await expect(nav).toBeHidden();
  });
});
