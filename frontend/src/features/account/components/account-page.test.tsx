import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@radio/contracts';
import {
  errorResponse,
  jsonResponse,
  mockFetch,
  sessionHandlers,
  testUser,
} from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { findToast } from '@/test/toasts';

type Handlers = Parameters<typeof mockFetch>[0];

const EMAIL = 'E-mailadres wijzigen';
const PASSWORD = 'Wachtwoord wijzigen';

async function openAccountPage(user: User, handlers: Handlers = {}) {
  const fetchMock = mockFetch({ ...sessionHandlers(user), ...handlers });
  const app = await renderApp('/account');
  await screen.findByRole('heading', { name: 'Accountgegevens' });
  await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
  return { ...app, fetchMock };
}

function form(name: string) {
  return within(screen.getByRole('form', { name }));
}

function fill(formName: string, label: string, value: string) {
  fireEvent.change(form(formName).getByLabelText(label), { target: { value } });
}

function fillPassword(current: string, next: string, confirmation: string) {
  fill(PASSWORD, 'Huidig wachtwoord', current);
  fill(PASSWORD, 'Nieuw wachtwoord', next);
  fill(PASSWORD, 'Bevestig nieuw wachtwoord', confirmation);
}

function submit(formName: string) {
  fireEvent.click(form(formName).getByRole('button', { name: formName }));
}

function expectFieldError(formName: string, label: string, message: string) {
  const field = form(formName).getByLabelText(label);
  const error = form(formName).getByText(message);
  expect(error.getAttribute('role')).toBe('alert');
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(field.getAttribute('aria-describedby')).toBe(error.id);
}

function detail(label: string): string | null {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

function sentBodies(fetchMock: ReturnType<typeof mockFetch>, url: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input) === url)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('the account page', () => {
  it("shows a listener's name, e-mail, role and member-since date in the station's zone", async () => {
    // 23:30 UTC on 13 March is already 14 March in Amsterdam.
    await openAccountPage(testUser({ createdAt: '2025-03-13T23:30:00.000Z' }));

    expect(detail('Naam')).toBe('Anna de Vries');
    expect(detail('E-mailadres')).toBe('anna@example.nl');
    expect(detail('Rol')).toBe('Luisteraar');
    expect(detail('Lid sinds')).toBe('14 maart 2025');
  });

  it('shows an admin as Beheerder', async () => {
    await openAccountPage(testUser({ role: 'admin' }));
    expect(detail('Rol')).toBe('Beheerder');
  });

  it('checks the e-mail form before sending it and focuses the first error', async () => {
    const { fetchMock } = await openAccountPage(testUser());

    fill(EMAIL, 'Nieuw e-mailadres', 'geen-apenstaartje');
    submit(EMAIL);

    expectFieldError(EMAIL, 'Nieuw e-mailadres', 'Ongeldig email adres');
    expectFieldError(EMAIL, 'Huidig wachtwoord', 'Wachtwoord is verplicht');
    expect(document.activeElement).toBe(form(EMAIL).getByLabelText('Nieuw e-mailadres'));
    expect(sentBodies(fetchMock, '/api/auth/change-email')).toEqual([]);
  });

  it('changes the e-mail address, confirms it and shows the user fetched again', async () => {
    let user = testUser();
    const { fetchMock } = await openAccountPage(user, {
      'GET /api/auth/user': () => jsonResponse(user),
      'PATCH /api/auth/change-email': () => {
        user = testUser({ email: 'anna@nieuw.nl' });
        return jsonResponse(user);
      },
    });

    fill(EMAIL, 'Nieuw e-mailadres', ' Anna@Nieuw.nl ');
    fill(EMAIL, 'Huidig wachtwoord', 'geheim1');
    submit(EMAIL);

    expect(await findToast('Email gewijzigd')).toHaveTextContent(
      'Je logt voortaan in met anna@nieuw.nl. Op je andere apparaten ben je uitgelogd.',
    );
    await waitFor(() => expect(detail('E-mailadres')).toBe('anna@nieuw.nl'));
    expect(sentBodies(fetchMock, '/api/auth/change-email')).toEqual([
      { email: 'anna@nieuw.nl', password: 'geheim1' },
    ]);
    expect(fetchMock.mock.calls.filter(([input]) => input === '/api/auth/user').length).toBe(2);
    expect(form(EMAIL).getByLabelText('Nieuw e-mailadres')).toHaveProperty('value', '');
    expect(form(EMAIL).getByLabelText('Huidig wachtwoord')).toHaveProperty('value', '');
  });

  it("shows the server's refusal of a wrong password under the password field", async () => {
    await openAccountPage(testUser(), {
      'PATCH /api/auth/change-email': () =>
        errorResponse(403, 'Het huidige wachtwoord is onjuist', 'WRONG_PASSWORD'),
    });

    fill(EMAIL, 'Nieuw e-mailadres', 'anna@nieuw.nl');
    fill(EMAIL, 'Huidig wachtwoord', 'fout');
    submit(EMAIL);

    expect(await findToast('E-mailadres niet gewijzigd')).toHaveTextContent(
      'Het huidige wachtwoord is onjuist',
    );
    expectFieldError(EMAIL, 'Huidig wachtwoord', 'Het huidige wachtwoord is onjuist');
    await waitFor(() =>
      expect(document.activeElement).toBe(form(EMAIL).getByLabelText('Huidig wachtwoord')),
    );
    expect(detail('E-mailadres')).toBe('anna@example.nl');
  });

  it('shows an address taken by another account under the e-mail field', async () => {
    await openAccountPage(testUser(), {
      'PATCH /api/auth/change-email': () =>
        errorResponse(409, 'Er bestaat al een account met dit e-mailadres', 'EMAIL_TAKEN'),
    });

    fill(EMAIL, 'Nieuw e-mailadres', 'bezet@example.nl');
    fill(EMAIL, 'Huidig wachtwoord', 'geheim1');
    submit(EMAIL);

    await waitFor(() =>
      expectFieldError(EMAIL, 'Nieuw e-mailadres', 'Er bestaat al een account met dit e-mailadres'),
    );
  });

  it('checks the password form before sending it', async () => {
    const { fetchMock } = await openAccountPage(testUser());

    fill(PASSWORD, 'Nieuw wachtwoord', '12345');
    fill(PASSWORD, 'Bevestig nieuw wachtwoord', '123456');
    submit(PASSWORD);

    expectFieldError(PASSWORD, 'Huidig wachtwoord', 'Huidig wachtwoord is verplicht');
    expectFieldError(PASSWORD, 'Nieuw wachtwoord', 'Wachtwoord te kort');
    expectFieldError(PASSWORD, 'Bevestig nieuw wachtwoord', 'Wachtwoorden komen niet overeen');
    expect(document.activeElement).toBe(form(PASSWORD).getByLabelText('Huidig wachtwoord'));
    expect(sentBodies(fetchMock, '/api/auth/change-password')).toEqual([]);
  });

  it('refuses a confirmation that differs from a long enough new password', async () => {
    await openAccountPage(testUser());

    fillPassword('geheim1', 'nieuw-geheim', 'nieuw-gehiem');
    submit(PASSWORD);

    expectFieldError(PASSWORD, 'Bevestig nieuw wachtwoord', 'Wachtwoorden komen niet overeen');
    expect(form(PASSWORD).queryByText('Wachtwoord te kort')).toBeNull();
  });

  it('changes the password, confirms it and clears the fields', async () => {
    const { fetchMock } = await openAccountPage(testUser(), {
      'PATCH /api/auth/change-password': () => jsonResponse({ ok: true }),
    });

    fillPassword('geheim1', 'nieuw-geheim', 'nieuw-geheim');
    submit(PASSWORD);

    expect(await findToast('Wachtwoord gewijzigd')).toHaveTextContent(
      'Op je andere apparaten ben je uitgelogd.',
    );
    expect(sentBodies(fetchMock, '/api/auth/change-password')).toEqual([
      { currentPassword: 'geheim1', newPassword: 'nieuw-geheim' },
    ]);
    for (const label of ['Huidig wachtwoord', 'Nieuw wachtwoord', 'Bevestig nieuw wachtwoord']) {
      expect(form(PASSWORD).getByLabelText(label)).toHaveProperty('value', '');
    }
  });

  it("shows the server's refusal of a wrong current password", async () => {
    await openAccountPage(testUser(), {
      'PATCH /api/auth/change-password': () =>
        errorResponse(403, 'Het huidige wachtwoord is onjuist', 'WRONG_PASSWORD'),
    });

    fillPassword('fout', 'nieuw-geheim', 'nieuw-geheim');
    submit(PASSWORD);

    expect(await findToast('Wachtwoord niet gewijzigd')).toHaveTextContent(
      'Het huidige wachtwoord is onjuist',
    );
    expectFieldError(PASSWORD, 'Huidig wachtwoord', 'Het huidige wachtwoord is onjuist');
    expect(form(PASSWORD).getByLabelText('Nieuw wachtwoord')).toHaveProperty(
      'value',
      'nieuw-geheim',
    );
  });
});
