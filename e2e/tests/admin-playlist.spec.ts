import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { libraryTrack, logIn, lookAt, PHONE, sql, toastText } from '../support/pages.ts';
import { adminCredentials } from '../support/stack.ts';

// The admin panel's Playlist tab in Chromium against the native stack: two rotation tracks (no
// other suite requests them: what the station plays from the queue goes on cooldown) go into the
// built-in station's queue by search, one moves up by keyboard and back by drag
// and drop, and a move against a queue that changed meanwhile is refused in Dutch and the list is
// shown as it is now.

const FIRST = 'Haring en hoop';
const SECOND = 'Stroopwafelblues';
const FILLER = 'Dijk van een dag';

test.use({ viewport: PHONE });

const cleanUp = () =>
  sql(`delete from automation_queue where kind = 'manual' and title in ($1, $2, $3)`, [
    FIRST,
    SECOND,
    FILLER,
  ]);

test.beforeEach(cleanUp);
test.afterEach(cleanUp);

/** The titles in the queue's order, of the two tracks this test put there. */
async function ourOrder(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole('list', { name: 'Wachtrij' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
  return labels.flatMap((label) => [FIRST, SECOND].filter((title) => label.endsWith(title)));
}

/**
 * With an empty queue the station takes the next entry it is offered at once (it can no longer
 * move then): a filler at the front is what it takes, and the test waits until the queue is still.
 */
async function fillTheFront(request: APIRequestContext) {
  const { filename } = await libraryTrack(request, FILLER);
  // Two: the station may take one while the test runs.
  for (let i = 0; i < 2; i += 1) {
    const inserted = await request.post('/api/admin/playlist/insert', {
      data: { filename, position: 1, machine: 1 },
    });
    expect(inserted.ok(), await inserted.text()).toBe(true);
  }
  const version = async () =>
    ((await (await request.get('/api/admin/playlist?machine=1')).json()) as { version: string })
      .version;
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await version();
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [2_000], timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * The demo library's tracks last half a minute: the station takes the queue's head that often,
 * which changes the queue under the admin. A refusal for that reason (409 QUEUE_CHANGED) is the
 * stale check working; like the admin, the test then does it again on the list as it is now.
 * Each attempt is judged by its own answer, never by a toast an earlier attempt may have left.
 */
async function untilNotStale(
  page: Page,
  call: 'insert' | 'move',
  act: () => Promise<void>,
  done: () => Promise<boolean>,
) {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/admin/playlist/${call}`) &&
        response.request().method() === 'POST',
    );
    await act();
    const response = await answer;
    if (response.ok()) {
      await expect.poll(done).toBe(true);
      return;
    }
    expect(response.status(), await response.text()).toBe(409);
    expect(((await response.json()) as { code: string }).code).toBe('QUEUE_CHANGED');
    await page.getByRole('button', { name: 'Sluiten' }).first().click();
  }
  throw new Error(`${call}: the queue changed three times in a row`);
}

async function insertAtEnd(page: Page, title: string) {
  await page.getByLabel('Titel', { exact: true }).fill(title);
  const add = page
    .getByRole('list', { name: 'Zoekresultaten' })
    .getByRole('button', { name: new RegExp(`^Toevoegen op positie \\d+: ${title}$`) });
  // Right after the stack starts the library may still be being scanned: search until it is found.
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Zoeken' }).click();
        await page.getByRole('list', { name: 'Zoekresultaten' }).waitFor();
        return add.count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await untilNotStale(
    page,
    'insert',
    () => add.click(),
    async () => (await ourOrder(page)).includes(title),
  );
}

test('the admin inserts two tracks, moves one by keyboard and by drag and drop, and a stale move is refused', async ({
  page,
}) => {
  await logIn(page.request, adminCredentials());
  await fillTheFront(page.request);
  await page.goto('/admin-management?tab=playlist');
  await expect(page.getByRole('heading', { name: 'Nummer toevoegen' })).toBeVisible();

  await insertAtEnd(page, FIRST);
  await insertAtEnd(page, SECOND);
  await expect.poll(() => ourOrder(page)).toEqual([FIRST, SECOND]);
  await lookAt(page, 'admin-playlist');

  const up = page.getByRole('button', { name: `Omhoog: ${SECOND}` });
  await untilNotStale(
    page,
    'move',
    async () => {
      await up.focus();
      await page.keyboard.press('Enter');
    },
    async () => (await ourOrder(page)).join() === [SECOND, FIRST].join(),
  );
  await expect(up).toBeFocused();
  await lookAt(page, 'admin-playlist-moved');

  // And back by drag and drop.
  const queue = page.getByRole('list', { name: 'Wachtrij' });
  const item = (title: string) => queue.getByRole('listitem', { name: new RegExp(`${title}$`) });
  await untilNotStale(
    page,
    'move',
    () => item(FIRST).dragTo(item(SECOND)),
    async () => (await ourOrder(page)).join() === [FIRST, SECOND].join(),
  );

  // The queue changes behind the admin's back: the move is refused and the list read again.
  await sql(`delete from automation_queue where kind = 'manual' and title = $1`, [FIRST]);
  await page.getByRole('button', { name: `Omhoog: ${SECOND}` }).click();
  await expect(toastText(page, 'Verplaatsen mislukt')).toBeVisible();
  await expect(
    toastText(page, 'De wachtrij is intussen veranderd. Vernieuw de lijst en probeer het opnieuw.'),
  ).toBeVisible();
  await expect.poll(() => ourOrder(page)).toEqual([SECOND]);
  await lookAt(page, 'admin-playlist-stale');
});
