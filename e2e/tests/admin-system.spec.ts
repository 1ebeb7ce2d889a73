import { expect, test } from '@playwright/test';
import { createListener, logIn, lookAt, PHONE, sql, toastText } from '../support/pages.ts';
import { adminCredentials } from '../support/stack.ts';

// The admin panel's System tab in Chromium against the native stack: the switches change the
// station as listeners see it (the request page's gate, the LIVE badge), each change confirmed.

test.use({ viewport: PHONE });

test.afterEach(async () => {
  await sql(
    `update dj_settings set requests_enabled = true, broadcasting_mode = 'nonstop', registration_enabled = false`,
  );
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
