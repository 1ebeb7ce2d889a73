import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test.ts';
import {
  createAdmin,
  createListener,
  deleteRequestsOf,
  requestSong,
  logIn,
  lookAt,
  PHONE,
  toastText,
} from '../support/pages.ts';
import { adminCredentials } from '../support/stack.ts';

// The admin panel in Chromium against the native stack: the System tab's switches change the
// station as listeners see it (the request page's gate, the LIVE badge), a listener's own limit
// set on the Users tab is what the server enforces, and the month's plays download as CSV.

test.use({ viewport: PHONE });

test('the panel asks an admin without a name for one, once', async ({ page }) => {
  const admin = await createAdmin();
  await logIn(page.request, admin);
  await page.goto('/admin-management');
  const dialog = page.getByRole('dialog', { name: 'Welkom! Hoe mogen we je noemen?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('wijzigingslogboek');
  await expect(dialog.getByLabel('Je naam')).toBeFocused();
  await lookAt(page, 'admin-name-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.keyboard.type('Beheerder Sanne');
  await page.keyboard.press('Enter');
  await expect(toastText(page, 'Naam ingesteld')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Overzicht' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.goto('/account');
  await expect(page.getByText('Beheerder Sanne', { exact: true })).toBeVisible();
});

test('the admin switches requests off and goes live; a listener sees both', async ({
  page,
  browser,
}) => {
  await logIn(page.request, adminCredentials());
  await page.goto('/admin-management');
  await page.getByRole('tab', { name: 'Systeem' }).click();
  await expect(page).toHaveURL(/tab=systeem/);
  const requests = page.getByRole('switch', { name: 'Verzoekjes' });
  await expect(requests).toBeChecked();
  await lookAt(page, 'admin-system');

  await requests.click();
  await expect(toastText(page, 'Instelling gewijzigd')).toBeVisible();
  await expect(requests).not.toBeChecked();
  await page.getByRole('switch', { name: 'Live uitzending' }).click();
  await expect(page.getByRole('switch', { name: 'Live uitzending' })).toBeChecked();
  await expect(page.getByText('Live uitzending.', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('banner').getByText('LIVE', { exact: true })).toBeVisible();
  await lookAt(page, 'admin-system-live');

  const listener = await browser.newContext({ viewport: PHONE });
  const listenerPage = await listener.newPage();
  await logIn(listenerPage.request, await createListener('Vaste Luisteraar'));
  await listenerPage.goto('/verzoekjes');
  await expect(
    listenerPage.getByRole('heading', { name: 'Verzoekjes Momenteel Uitgeschakeld' }),
  ).toBeVisible();
  await expect(listenerPage.getByRole('banner').getByText('LIVE', { exact: true })).toBeVisible();

  // Back on: the listener's page (read again) offers the search.
  await requests.click();
  await expect(requests).toBeChecked();
  await page.getByRole('switch', { name: 'Live uitzending' }).click();
  await expect(page.getByRole('banner').getByText('LIVE', { exact: true })).toHaveCount(0);
  await listenerPage.reload();
  await expect(listenerPage.getByRole('heading', { name: /Zoek een nummer/ })).toBeVisible();
  await listener.close();
});

test('each switch is in the change log, newest first: who, what, before → after', async ({
  page,
}) => {
  await logIn(page.request, adminCredentials());
  for (const [path, data] of [
    ['/api/admin/toggle-requests', { enabled: false }],
    ['/api/admin/broadcasting-mode', { mode: 'live' }],
    ['/api/admin/toggle-requests', { enabled: true }],
    ['/api/admin/broadcasting-mode', { mode: 'nonstop' }],
  ] as const) {
    const changed = await page.request.patch(path, { data });
    expect(changed.ok(), await changed.text()).toBe(true);
  }
  await page.goto('/admin-management?tab=systeem');
  const changeLog = page.getByRole('region', { name: 'Wijzigingslogboek' });
  // The worker writes the log from the services' events: it may take a moment.
  await expect
    .poll(
      async () => {
        await changeLog.getByRole('button', { name: 'Vernieuwen' }).click();
        return changeLog
          .getByRole('row')
          .evaluateAll((rows) =>
            rows.slice(1, 5).map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ')),
          );
      },
      { timeout: 10_000 },
    )
    .toEqual([
      expect.stringMatching(
        /Beheerder Bram Uitzendmodus Instellingen Uitzendmodus: Live → Nonstop$/,
      ),
      expect.stringMatching(
        /Beheerder Bram Verzoekjes aan\/uit Instellingen Verzoekjes: Uit → Aan$/,
      ),
      expect.stringMatching(
        /Beheerder Bram Uitzendmodus Instellingen Uitzendmodus: Nonstop → Live$/,
      ),
      expect.stringMatching(
        /Beheerder Bram Verzoekjes aan\/uit Instellingen Verzoekjes: Aan → Uit$/,
      ),
    ]);
  await lookAt(page, 'admin-system-change-log');
});

test("a limit of 1 per hour set on the Users tab refuses the listener's second request", async ({
  page,
  browser,
}) => {
  const account = await createListener('Limiet Luisteraar', 'limiet');
  await logIn(page.request, adminCredentials());
  await page.goto('/admin-management?tab=gebruikers');
  await page.getByRole('searchbox', { name: 'Zoek op naam of e-mail' }).fill(account.email);
  const card = page.getByRole('article', { name: 'Limiet Luisteraar' });
  await card.getByText('Limieten', { exact: true }).click();
  await card.getByLabel('Verzoekjes per uur').fill('1');
  await card.getByRole('button', { name: 'Limieten opslaan' }).click();
  await expect(toastText(page, 'Gebruiker bijgewerkt')).toBeVisible();
  await lookAt(page, 'admin-users');

  const listener = await browser.newContext();
  try {
    await logIn(listener.request, account);
    const first = await requestSong(listener.request, 'Sneeuw op de Veluwe');
    expect(first.status(), await first.text()).toBe(201);
    const second = await requestSong(listener.request, 'Lichtjes van Leeuwarden');
    expect(second.status()).toBe(429);
    expect(((await second.json()) as { message: string }).message).toMatch(
      /^Je kunt over .* weer een verzoekje indienen\.$/,
    );
  } finally {
    await listener.close();
    await deleteRequestsOf(account.email);
  }
});

test("the overview downloads this month's plays as CSV", async ({ page }) => {
  await logIn(page.request, adminCredentials());
  await page.goto('/admin-management');
  await expect(page.getByRole('heading', { name: 'Speellijst exporteren' })).toBeVisible();
  const month = await page.getByLabel('Maand').inputValue();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSV downloaden' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`speellijst-${month}.csv`);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFFdatum,tijd,artiest,titel,album,duur_seconden\r\n')).toBe(true);
  await lookAt(page, 'admin-overview');
});
