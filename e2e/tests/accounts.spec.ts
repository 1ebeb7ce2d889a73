import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import pg from 'pg';
import { photograph } from '../support/pages.ts';
import { adminCredentials, databaseUrl } from '../support/stack.ts';

// Accounts, header rules, guards and the 404 page, driven in Chromium against the native stack.

async function setRegistration(request: APIRequestContext, enabled: boolean): Promise<void> {
  expect((await request.post('/api/auth/login', { data: adminCredentials() })).ok()).toBe(true);
  expect((await request.post('/api/dj-settings/registration', { data: { enabled } })).ok()).toBe(
    true,
  );
  await request.post('/api/auth/logout');
}

/** Settings that have no admin screen yet (later issues) are arranged in the database. */
async function updateSettings(columns: Record<string, boolean | string>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const names = Object.keys(columns);
    const assignments = names.map((name, i) => `${name} = $${i + 1}`).join(', ');
    await client.query(`update dj_settings set ${assignments}`, Object.values(columns));
  } finally {
    await client.end();
  }
}

const uniqueEmail = (prefix: string): string =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.nl`;

async function registerListener(request: APIRequestContext): Promise<string> {
  await setRegistration(request, true);
  const email = uniqueEmail('luisteraar');
  const created = await request.post('/api/auth/register', {
    data: { email, password: 'geheim123', name: 'Gast Luisteraar' },
  });
  expect(created.ok()).toBe(true);
  return email;
}

async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
}

const header = (page: Page) => page.getByRole('banner');
/** A toast's own text (Radix also repeats it in a screen-reader announcement). */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

test.describe('accounts', () => {
  test('only the login tab is offered while registration is off', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Inloggen' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Registreren' })).toHaveCount(0);
  });

  test('a listener registers after the admin switched registration on, logs out and in again', async ({
    page,
    request,
  }) => {
    await setRegistration(request, true);
    const email = uniqueEmail('sanne');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Registreren' }).click();
    await page.getByLabel('Volledige naam').fill('Sanne de Vries');
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByPlaceholder('Minimaal 6 karakters').fill('geheim123');
    await page.getByRole('button', { name: 'Account aanmaken' }).click();

    await expect(toastText(page, 'Account aangemaakt!')).toBeVisible();
    await expect(
      toastText(page, 'Welkom Sanne de Vries, je account is succesvol aangemaakt.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Verzoekjes' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Inloggen' })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Beheer', exact: true })).toHaveCount(0);

    await header(page).getByRole('button', { name: 'Uitloggen' }).click();
    await expect(toastText(page, 'Tot ziens!')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Inloggen' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Verzoekjes' })).toHaveCount(0);

    await logInThroughForm(page, email, 'geheim123');
    await expect(toastText(page, 'Welkom terug!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
  });

  test('bad input shows the Dutch texts under the fields and a failed login toast', async ({
    page,
    request,
  }) => {
    await setRegistration(request, true);
    await page.goto('/auth');
    await page.getByLabel('E-mailadres').fill('geen-mailadres');
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Ongeldig e-mailadres' })).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Wachtwoord is verplicht' }),
    ).toBeVisible();

    await page.getByRole('tab', { name: 'Registreren' }).click();
    await page.getByLabel('Volledige naam').fill('A');
    await page.getByLabel('E-mailadres').fill('nieuw@example.nl');
    await page.getByPlaceholder('Minimaal 6 karakters').fill('12345');
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Wachtwoord moet minimaal 6 karakters zijn' }),
    ).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Naam moet minimaal 2 karakters zijn' }),
    ).toBeVisible();

    await logInThroughForm(page, adminCredentials().email, 'helemaal-fout');
    await expect(toastText(page, 'Inloggen mislukt')).toBeVisible();
    await expect(toastText(page, 'Onjuist e-mailadres of wachtwoord')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the admin logs in and reaches the admin pages', async ({ page }) => {
    await logInThroughForm(page, adminCredentials().email, adminCredentials().password);
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Beheer', exact: true })).toBeVisible();
    await page.goto('/admin-management');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Toegang geweigerd')).toHaveCount(0);
    await page.goto('/cloud-uploads');
    await expect(page.getByText('Toegang geweigerd')).toHaveCount(0);
  });
});

test.describe('header and guards', () => {
  test('an anonymous visitor is sent to /auth from admin and account pages', async ({ page }) => {
    for (const path of ['/admin-management', '/cloud-uploads', '/account']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
    }
    await expect(header(page).getByRole('link', { name: 'Verzoekjes' })).toHaveCount(0);
  });

  test('a listener sees "Toegang geweigerd" on admin pages', async ({ page }) => {
    await registerListener(page.request);
    for (const path of ['/admin-management', '/cloud-uploads']) {
      await page.goto(path);
      await expect(page.getByText('Toegang geweigerd')).toBeVisible();
      await expect(page.getByText('Je hebt admin rechten nodig voor deze pagina.')).toBeVisible();
    }
    await photograph(page, 'listener-denied');
  });

  test('the requests link follows the setting and the LIVE badge the broadcasting mode', async ({
    page,
  }) => {
    await registerListener(page.request);
    await updateSettings({ requests_enabled: false, broadcasting_mode: 'live' });
    await page.goto('/');
    await expect(header(page).getByText('LIVE', { exact: true })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Verzoekjes' })).toHaveCount(0);
  });

  test('unknown paths show the 404 page', async ({ page }) => {
    await page.goto('/bestaat-niet');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });
});
