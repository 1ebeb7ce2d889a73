import { type Browser, type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { adminCredentials } from '../support/stack.ts';
import { createListener, logIn, lookAt, PHONE, toastText } from '../support/pages.ts';

// The account page /account in Chromium against the native stack: the account's details as a
// listener and as the admin, each refusal of the page itself (nothing sent), a wrong current
// password refused by the server, an e-mail change that then logs in elsewhere, and a password
// change that logs the user's other browser out and keeps this one in. Each state is looked at by
// axe and photographed at a phone's and a desktop's width.

const emailForm = (page: Page) => page.getByRole('form', { name: 'E-mailadres wijzigen' });
const passwordForm = (page: Page) => page.getByRole('form', { name: 'Wachtwoord wijzigen' });
const detail = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

async function submitPasswordForm(page: Page, current: string, next: string, confirmation: string) {
  await passwordForm(page).getByLabel('Huidig wachtwoord').fill(current);
  await passwordForm(page).getByLabel('Nieuw wachtwoord', { exact: true }).fill(next);
  await passwordForm(page).getByLabel('Bevestig nieuw wachtwoord').fill(confirmation);
  await passwordForm(page).getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
}

/** Every change the page sends, to show that none was. */
function watchChanges(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/auth/change-')) {
      sent.push(request.url());
    }
  });
  return sent;
}

/** A listener of their own, logged in on the account page of a fresh page. */
async function openAsNewListener(page: Page, name = 'Femke Jansen') {
  const account = await createListener(name, 'account');
  await logIn(page.request, account);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Accountgegevens' })).toBeVisible();
  return account;
}

/** Another browser (its own cookies) logged in as `account`: the password still works. */
async function otherBrowser(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await logIn(context.request, account);
  return context;
}

const todayInAmsterdam = () =>
  new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }).format(
    new Date(),
  );

test.use({ viewport: PHONE });

test.describe('account page', () => {
  test("a listener sees their name, e-mail, role and since when they're a member", async ({
    page,
  }) => {
    const account = await openAsNewListener(page);
    await expect(detail(page, 'Naam')).toHaveText('Femke Jansen');
    await expect(detail(page, 'E-mailadres')).toHaveText(account.email);
    await expect(detail(page, 'Rol')).toHaveText('Luisteraar');
    await expect(detail(page, 'Lid sinds')).toHaveText(todayInAmsterdam());
    await lookAt(page, 'account-listener');
  });

  test('the admin is shown as Beheerder', async ({ page }) => {
    const admin = adminCredentials();
    await logIn(page.request, admin);
    await page.goto('/account');
    await expect(detail(page, 'E-mailadres')).toHaveText(admin.email);
    await expect(detail(page, 'Rol')).toHaveText('Beheerder');
    await lookAt(page, 'account-admin');
  });

  test('the page refuses a bad e-mail address and bad passwords without sending them', async ({
    page,
  }) => {
    await openAsNewListener(page);
    const sent = watchChanges(page);

    await emailForm(page).getByLabel('Nieuw e-mailadres').fill('geen-apenstaartje');
    await emailForm(page).getByRole('button', { name: 'E-mailadres wijzigen' }).click();
    await expect(emailForm(page).getByText('Ongeldig email adres')).toBeVisible();
    await expect(emailForm(page).getByText('Wachtwoord is verplicht')).toBeVisible();
    await expect(emailForm(page).getByLabel('Nieuw e-mailadres')).toBeFocused();

    await submitPasswordForm(page, 'wat-dan-ook', '12345', '12345');
    await expect(passwordForm(page).getByText('Wachtwoord te kort')).toBeVisible();
    await expect(passwordForm(page).getByLabel('Nieuw wachtwoord', { exact: true })).toBeFocused();

    await passwordForm(page).getByLabel('Nieuw wachtwoord', { exact: true }).fill('lang-genoeg');
    await passwordForm(page).getByLabel('Bevestig nieuw wachtwoord').fill('lang-genoeg!');
    await passwordForm(page).getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(passwordForm(page).getByText('Wachtwoorden komen niet overeen')).toBeVisible();
    await expect(passwordForm(page).getByLabel('Bevestig nieuw wachtwoord')).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await lookAt(page, 'account-client-errors');
    expect(sent).toEqual([]);
  });

  test('a wrong current password is refused by the server and changes nothing', async ({
    page,
    browser,
  }) => {
    const account = await openAsNewListener(page);

    await submitPasswordForm(page, 'niet-mijn-wachtwoord', 'nieuw-geheim', 'nieuw-geheim');
    await expect(toastText(page, 'Wachtwoord niet gewijzigd')).toBeVisible();
    await expect(passwordForm(page).getByText('Het huidige wachtwoord is onjuist')).toBeVisible();
    await expect(passwordForm(page).getByLabel('Huidig wachtwoord')).toBeFocused();
    await lookAt(page, 'account-wrong-password');

    const fresh = await otherBrowser(browser, account);
    await fresh.close();
  });

  test('a new e-mail address logs in elsewhere; the other browser is logged out', async ({
    page,
    browser,
  }) => {
    const account = await openAsNewListener(page);
    const other = await otherBrowser(browser, account);
    const newEmail = account.email.replace('account-', 'verhuisd-');

    await emailForm(page).getByLabel('Nieuw e-mailadres').fill(newEmail.toUpperCase());
    await emailForm(page).getByLabel('Huidig wachtwoord').fill(account.password);
    await emailForm(page).getByRole('button', { name: 'E-mailadres wijzigen' }).click();
    await expect(toastText(page, 'Email gewijzigd')).toBeVisible();
    await expect(detail(page, 'E-mailadres')).toHaveText(newEmail);
    await expect(emailForm(page).getByLabel('Nieuw e-mailadres')).toHaveValue('');
    await lookAt(page, 'account-email-changed');

    expect((await other.request.get('/api/auth/user')).status()).toBe(401);
    await other.close();
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);

    const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const freshPage = await fresh.newPage();
    await freshPage.goto('/auth');
    await freshPage.getByLabel('E-mailadres').fill(newEmail);
    await freshPage.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
    await freshPage.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(toastText(freshPage, 'Welkom terug!')).toBeVisible();
    const old = await fresh.request.post('/api/auth/login', { data: account });
    expect(old.status()).toBe(401);
    await fresh.close();
  });

  test('a new password logs the other browser out and keeps this one in', async ({
    page,
    browser,
  }) => {
    const account = await openAsNewListener(page);
    const other = await otherBrowser(browser, account);
    const otherPage = await other.newPage();
    await otherPage.goto('/account');
    await expect(otherPage.getByRole('heading', { name: 'Accountgegevens' })).toBeVisible();

    await submitPasswordForm(page, account.password, 'nieuw-geheim', 'nieuw-geheim');
    await expect(toastText(page, 'Wachtwoord gewijzigd')).toBeVisible();
    for (const label of ['Huidig wachtwoord', 'Bevestig nieuw wachtwoord']) {
      await expect(passwordForm(page).getByLabel(label)).toHaveValue('');
    }
    await lookAt(page, 'account-password-changed');

    // This browser stays in, across a reload; the other one is out and sent to the login.
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Accountgegevens' })).toBeVisible();
    expect((await other.request.get('/api/auth/user')).status()).toBe(401);
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/auth$/);
    await other.close();

    const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    expect((await fresh.request.post('/api/auth/login', { data: account })).status()).toBe(401);
    await logIn(fresh.request, { email: account.email, password: 'nieuw-geheim' });
    await fresh.close();
  });
});
