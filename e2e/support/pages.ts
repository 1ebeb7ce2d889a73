import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { adminCredentials, databaseUrl } from './stack.ts';

// What the page suites share: the database of the stack, test listeners, axe with screenshots at
// a phone's and a desktop's width, and toasts.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const PHONE = { width: 390, height: 844 };
/** The live player (the home page's and /luisteren's, or the mini player). */
export const livePlayer = (page: Page) => page.getByRole('region', { name: 'Livespeler' });
/** The song title the live player shows under "Nu te horen". */
export const onAirTitle = (page: Page) =>
  livePlayer(page).getByRole('group', { name: 'Nu te horen' }).locator('p').first();
export const DESKTOP = { width: 1280, height: 900 };

/** One statement against the stack's database; its rows. */
export async function sql<Row = unknown>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

const uniqueEmail = (prefix: string): string =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.nl`;

/**
 * An account made in the database with the admin's password hash (registration is limited to 5
 * accounts per address an hour, and the other suites register too).
 */
async function createAccount(role: 'listener' | 'admin', name: string, emailPrefix: string) {
  const admin = adminCredentials();
  const email = uniqueEmail(emailPrefix);
  await sql(
    `insert into users (email, password_hash, name, role)
     select $1, password_hash, $2, $3 from users where email = $4`,
    [email, name, role, admin.email],
  );
  return { email, password: admin.password };
}

export const createListener = (name = 'Gast Luisteraar', emailPrefix = 'luisteraar') =>
  createAccount('listener', name, emailPrefix);

/** Another admin; without a name, as the first admin is made. */
export const createAdmin = (name = '') => createAccount('admin', name, 'beheerder');

/** Logs a browser context (`page.request`) or an API client in through the API. */
export async function logIn(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<void> {
  const answer = await request.post('/api/auth/login', { data: account });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** What each look (axe and a photograph at two widths) may add to its test's time. */
const LOOK_BUDGET_MS = 15_000;
const STILL_TIMEOUT_MS = 5_000;

/**
 * Until the page is still: its fonts are loaded and no animation or transition with an end is
 * running (a toast sliding in or fading out). Looped ones (a spinner, the equalizer) never end
 * and are left running.
 */
async function waitUntilStill(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter(
                (animation) =>
                  animation.playState === 'running' &&
                  animation.effect?.getComputedTiming().endTime !== Infinity,
              ).length,
        ),
      { message: 'the page is still (no animation running)', timeout: STILL_TIMEOUT_MS },
    )
    .toBe(0);
}

/**
 * Runs `look` on the page at rest with reduced motion: an animation that starts meanwhile (a
 * toast closing at the end of its time, the live player's progress bar moving on) ends at once
 * instead of being judged or photographed half-way. Reduced motion only shortens animations
 * and transitions (frontend/src/index.css): the colours are those a user without it sees at
 * rest.
 */
async function atRest<T>(page: Page, look: () => Promise<T>): Promise<T> {
  const reduced = await page.evaluate(
    () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await waitUntilStill(page);
    return await look();
  } finally {
    if (!reduced) await page.emulateMedia({ reducedMotion: null });
  }
}

/** What axe (WCAG 2.2 AA) finds on the page at rest, a line per finding. */
export const axeFindings = (page: Page): Promise<string[]> =>
  atRest(page, async () => {
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    return violations.flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id}: ${node.target.join(' ')} (${violation.help})`,
      ),
    );
  });

/** A photograph of the page at rest (whole, or the viewport only), among the test's results. */
export const photograph = (page: Page, name: string, fullPage = true): Promise<void> =>
  atRest(page, async () => {
    await page.screenshot({
      path: test.info().outputPath(`${name}.png`),
      fullPage,
      animations: 'disabled',
    });
  });

/** Axe finds nothing, and the state is photographed at 390 and 1280 px (then back to 390). */
export async function lookAt(page: Page, name: string): Promise<void> {
  // Judging takes time of its own, more on a busy machine: it is not the tested steps' time.
  test.info().setTimeout(test.info().timeout + LOOK_BUDGET_MS);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    expect(await axeFindings(page), `axe at ${viewport.width} px: ${name}`).toEqual([]);
    await photograph(page, `${name}-${viewport.width}`);
  }
  await page.setViewportSize(PHONE);
}

/** A toast's own text (Radix also repeats it in a screen-reader announcement). */
export const toastText = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first();

/** Deletes every request of the account with this e-mail, and their places in the queue. */
export async function deleteRequestsOf(email: string): Promise<void> {
  await sql(
    `delete from automation_queue where request_id in
       (select r.id from song_requests r join users u on u.id = r.user_id where u.email = $1)`,
    [email],
  );
  await sql('delete from song_requests where user_id = (select id from users where email = $1)', [
    email,
  ]);
}

export type LibraryTrack = {
  libraryTrackId?: number;
  filename?: string;
  title: string;
  source: string;
};

/** A library track as search finds it, once the worker's library scan has listed it. */
export async function libraryTrack(
  request: APIRequestContext,
  title: string,
): Promise<LibraryTrack> {
  let track: LibraryTrack | undefined;
  await expect
    .poll(
      async () => {
        const found = await request.get(`/api/search?title=${encodeURIComponent(title)}`);
        const { data } = (await found.json()) as { data: LibraryTrack[] };
        track = data.find((t) => t.title === title && t.source === 'local');
        return track !== undefined;
      },
      { message: `"${title}" is in the library`, timeout: 20_000 },
    )
    .toBe(true);
  return track as LibraryTrack;
}

/**
 * Requests a library song as the listener's search finds it (a request-only song no other suite
 * asks for: "Sneeuw op de Veluwe", "Lichtjes van Leeuwarden"), with an optional message.
 */
export async function requestSong(request: APIRequestContext, title: string, message?: string) {
  const { filename } = await libraryTrack(request, title);
  return request.post('/api/requests', { data: { source: 'local', filename, message } });
}
