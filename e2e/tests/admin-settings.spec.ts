import { expect, test } from '../support/test.ts';
import { logIn, lookAt, PHONE, toastText } from '../support/pages.ts';
import { adminCredentials } from '../support/stack.ts';

// The Settings tab in Chromium against the native stack: a changed library name and cooldown
// survive a reload, the built-in nonstop source passes its connection test, and a nonstop URL
// elsewhere is refused with its reason (the stored station key stays with its own address)
// while the built-in source stays. Every
// setting it changes is put back (the other suites rely on the defaults).

test.use({ viewport: PHONE });

type Settings = { libraryName: string; artistCooldownHours: number; nonstopUrl: string | null };

test('the admin changes the library name and a cooldown; a bad nonstop URL is refused', async ({
  page,
}) => {
  await logIn(page.request, adminCredentials());
  const before = (await (await page.request.get('/api/admin/settings')).json()) as Settings;
  try {
    await page.goto('/admin-management?tab=instellingen');
    const libraryName = page.getByLabel('Naam van de bibliotheek');
    await expect(libraryName).toHaveValue(before.libraryName);
    await expect(page.getByLabel('API-sleutel nonstop')).toHaveValue('');

    // The built-in station answers its own now playing.
    await page.getByRole('button', { name: 'Test verbinding' }).first().click();
    await expect(page.getByText(/^Nonstop-bron werkt: /)).toBeVisible();

    await libraryName.fill('Polderklanken E2E');
    await page.getByLabel('Wachttijd per artiest (uren)').fill('2');
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect(toastText(page, 'Instellingen opgeslagen')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Naam van de bibliotheek')).toHaveValue('Polderklanken E2E');
    await expect(page.getByLabel('Wachttijd per artiest (uren)')).toHaveValue('2');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await lookAt(page, 'admin-settings');

    // Another address with the built-in station's stored key: refused before anything is sent,
    // with the reason, and nothing saved.
    await page.getByLabel('Nonstop-URL').fill('http://127.0.0.1:9/api/nowplaying/1');
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect(toastText(page, 'Fout bij bijwerken')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'hoort bij een ander adres' }),
    ).toBeVisible();
    await expect(page.getByLabel('Nonstop-URL')).toHaveValue('http://127.0.0.1:9/api/nowplaying/1');
    await lookAt(page, 'admin-settings-refused');
    await page.reload();
    await expect(page.getByLabel('Nonstop-URL')).toHaveValue(before.nonstopUrl ?? '');
  } finally {
    const restored = await page.request.patch('/api/admin/settings', {
      data: { libraryName: before.libraryName, artistCooldownHours: before.artistCooldownHours },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});
