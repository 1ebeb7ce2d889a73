import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  errorResponse,
  jsonResponse,
  mockFetch,
  sessionHandlers,
  testUser,
} from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { findToast } from '@/test/toasts';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function expectFieldError(label: string, message: string) {
  const field = screen.getByLabelText(label);
  const error = screen.getByText(message);
  expect(error.getAttribute('role')).toBe('alert');
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(field.getAttribute('aria-describedby')).toBe(error.id);
}

async function openAuthPage(registrationEnabled: boolean) {
  const fetchMock = mockFetch(sessionHandlers(null, { registrationEnabled }));
  const app = await renderApp('/auth');
  await screen.findByRole('tab', { name: 'Inloggen' });
  await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
  return { ...app, fetchMock };
}

describe('the auth page', () => {
  it('offers only login while registration is switched off', async () => {
    await openAuthPage(false);

    expect(screen.getByRole('tab', { name: 'Inloggen' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Registreren' })).toBeNull();
    // Not a dead end: it says how to get an account.
    expect(screen.getByText(/Registreren kan op dit moment niet/)).toBeVisible();
    expect(
      screen
        .getAllByRole('link', { name: 'App de studio' })
        .map((link) => link.getAttribute('href')),
    ).toContain('https://wa.me/31612345678');
  });

  it('offers registration when the station allows it', async () => {
    await openAuthPage(true);

    expect(screen.getByRole('tab', { name: 'Registreren' })).toBeVisible();
    expect(screen.queryByText(/Registreren kan op dit moment niet/)).toBeNull();
  });

  it('explains why an account is needed and what is done with the data', async () => {
    await openAuthPage(false);

    expect(screen.getByText(/Een account is nodig om verzoekjes aan te vragen/)).toBeVisible();
    expect(screen.getByText(/niet gedeeld met derden/)).toBeVisible();
  });

  it('checks the login form before sending it', async () => {
    const { fetchMock } = await openAuthPage(false);

    fill('E-mailadres', 'geen-adres');
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));

    expectFieldError('E-mailadres', 'Ongeldig e-mailadres');
    expectFieldError('Wachtwoord', 'Wachtwoord is verplicht');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/login', expect.anything());
  });

  it('checks the register form before sending it', async () => {
    const { fetchMock } = await openAuthPage(true);

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Registreren' }));
    expect(screen.getByLabelText('Wachtwoord').getAttribute('placeholder')).toBe(
      'Minimaal 6 karakters',
    );
    fill('Volledige naam', 'A');
    fill('E-mailadres', 'anna@');
    fill('Wachtwoord', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Account aanmaken' }));

    expectFieldError('Volledige naam', 'Naam moet minimaal 2 karakters zijn');
    expectFieldError('E-mailadres', 'Ongeldig e-mailadres');
    expectFieldError('Wachtwoord', 'Wachtwoord moet minimaal 6 karakters zijn');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/register', expect.anything());
  });

  it('clears a field error once the field is edited', async () => {
    await openAuthPage(false);

    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    fill('Wachtwoord', 'geheim');

    expect(screen.queryByText('Wachtwoord is verplicht')).toBeNull();
    expectFieldError('E-mailadres', 'Ongeldig e-mailadres');
  });

  it('logs in, welcomes the user and goes home', async () => {
    const { fetchMock, router } = await openAuthPage(false);
    const user = testUser();
    fetchMock.mockImplementationOnce(async () => jsonResponse(user));

    fill('E-mailadres', ' Anna@Example.nl ');
    fill('Wachtwoord', 'geheim');
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));

    expect(await findToast('Welkom terug!')).toHaveTextContent(
      'Hallo Anna de Vries, je bent succesvol ingelogd.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'anna@example.nl', password: 'geheim' }),
    });
  });

  it("shows the server's message when logging in fails", async () => {
    const { fetchMock } = await openAuthPage(false);
    fetchMock.mockImplementationOnce(async () =>
      errorResponse(401, 'Onjuist e-mailadres of wachtwoord', 'INVALID_CREDENTIALS'),
    );

    fill('E-mailadres', 'anna@example.nl');
    fill('Wachtwoord', 'fout');
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));

    expect(await findToast('Inloggen mislukt')).toHaveTextContent(
      'Onjuist e-mailadres of wachtwoord',
    );
  });

  it('greets a user without a name without an empty "Hallo ,"', async () => {
    const { fetchMock } = await openAuthPage(false);
    fetchMock.mockImplementationOnce(async () => jsonResponse(testUser({ name: '' })));

    fill('E-mailadres', 'admin@example.nl');
    fill('Wachtwoord', 'geheim');
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));

    const welcome = await findToast('Welkom terug!');
    expect(welcome).toHaveTextContent('Je bent succesvol ingelogd.');
    expect(welcome).not.toHaveTextContent('Hallo');
    expect(screen.queryByText(/Hallo ,/)).toBeNull();
  });

  it('brings the visitor back to the page they wanted after logging in', async () => {
    let user: ReturnType<typeof testUser> | null = null;
    mockFetch({
      ...sessionHandlers(null),
      'GET /api/auth/user': () =>
        user ? jsonResponse(user) : errorResponse(401, 'Niet ingelogd', 'UNAUTHENTICATED'),
      'POST /api/auth/login': () => {
        user = testUser();
        return jsonResponse(user);
      },
    });
    const { router } = await renderApp('/upload?map=vandaag');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    await screen.findByRole('tab', { name: 'Inloggen' });

    fill('E-mailadres', 'anna@example.nl');
    fill('Wachtwoord', 'geheim');
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/upload'));
    expect(router.state.location.search).toBe('?map=vandaag');
  });
});
