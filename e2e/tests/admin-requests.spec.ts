import { expect, test } from '../support/test.ts';
import {
  createListener,
  deleteRequestsOf,
  logIn,
  lookAt,
  PHONE,
  sql,
  toastText,
} from '../support/pages.ts';
import { adminCredentials } from '../support/stack.ts';

// The admin panel's Requests tab in Chromium against the native stack: a listener's request
// shows on the overview and in the table, the admin rejects it, and the filter and paging work.

test.use({ viewport: PHONE });

// A row of its own, waiting for review: never queued, so the station never plays it and no other
// suite's song goes on cooldown.
const SONG = 'Avondlied voor de Beheerder';
const PAGING_REQUESTER = 'Paging Proef';

test("a listener's request shows on the overview and in the table; the admin rejects it", async ({
  page,
  browser,
}) => {
  const account = await createListener('Verzoek Luisteraar', 'verzoek');
  // 22 older played requests: the played filter then has more than one page of 20.
  await sql(
    `insert into song_requests
       (title, artist, requester_name, requested_at, status, played_at, source, download_status)
     select 'Proefnummer ' || n, 'E2E Paging', $1, now() - interval '1 day' - n * interval '1 minute',
            'played', now() - interval '1 day', 'local', 'not_needed'
     from generate_series(1, 22) as n`,
    [PAGING_REQUESTER],
  );
  const listener = await browser.newContext();
  try {
    await logIn(listener.request, account);
    await sql(
      `insert into song_requests
         (user_id, title, artist, requester_name, message, status, source, download_status)
       select id, $2, 'E2E Proef', 'Verzoek Luisteraar', 'Voor de buren aan de Grote Kerkstraat.',
              'pending', 'local', 'not_needed'
       from users where email = $1`,
      [account.email, SONG],
    );

    await logIn(page.request, adminCredentials());
    await page.goto('/admin-management');
    const recent = page.getByRole('region', { name: 'Recente verzoekjes' });
    const recentItem = recent.getByRole('listitem').filter({ hasText: SONG });
    await expect(recentItem).toContainText('voor Verzoek Luisteraar');
    await expect(recent.getByRole('listitem')).toHaveCount(5);
    await lookAt(page, 'admin-requests-overview');

    await recent.getByRole('link', { name: 'Alle verzoekjes' }).click();
    await expect(page).toHaveURL(/tab=verzoekjes/);
    const card = page.getByRole('article', { name: new RegExp(SONG) });
    await expect(card).toContainText('Verzoek Luisteraar');
    await expect(card).toContainText('Bibliotheek');
    await card.getByText('Bericht', { exact: true }).click();
    await expect(card.getByText('Voor de buren aan de Grote Kerkstraat.')).toBeVisible();
    await lookAt(page, 'admin-requests');

    await card.getByRole('button', { name: new RegExp(`^Afwijzen: .*${SONG}`) }).click();
    await expect(toastText(page, 'Status bijgewerkt')).toBeVisible();
    await expect(card.getByText('Afgewezen', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);

    const status = page.getByLabel('Status');
    await status.selectOption({ label: 'Afgewezen' });
    await expect(page.getByRole('article', { name: new RegExp(SONG) })).toBeVisible();
    await status.selectOption({ label: 'In behandeling' });
    await expect(page.getByRole('article', { name: new RegExp(SONG) })).toHaveCount(0);

    await status.selectOption({ label: 'Gedraaid' });
    const pages = page.getByRole('navigation', { name: "Pagina's" });
    await expect(pages).toContainText(/Pagina 1 van [2-9]/);
    await expect(page.getByRole('article')).toHaveCount(20);
    for (const badge of await page.getByRole('article').all()) {
      await expect(badge.getByText('Gedraaid', { exact: true }).first()).toBeVisible();
    }
    const firstOnPageOne = await page.getByRole('article').first().getAttribute('aria-label');
    await pages.getByRole('button', { name: 'Volgende' }).click();
    await expect(pages).toContainText(/Pagina 2 van/);
    await expect(page.getByRole('article').first()).not.toHaveAttribute(
      'aria-label',
      firstOnPageOne ?? '',
    );
    await lookAt(page, 'admin-requests-page-2');
  } finally {
    await listener.close();
    await deleteRequestsOf(account.email);
    await sql('delete from song_requests where requester_name = $1', [PAGING_REQUESTER]);
  }
});
