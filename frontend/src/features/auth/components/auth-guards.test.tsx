import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  errorResponse,
  jsonResponse,
  mockFetch,
  pending,
  sessionHandlers,
  testUser,
} from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

describe('the admin guard', () => {
  it('says it is checking while the user loads', async () => {
    mockFetch({ ...sessionHandlers(null), 'GET /api/auth/user': pending });

    await renderApp('/admin-management');

    expect(await screen.findByText('Authenticatie controleren...')).toBeVisible();
  });

  it('sends a visitor who is not logged in to /auth', async () => {
    mockFetch(sessionHandlers(null));

    const { router } = await renderApp('/admin-management');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('tab', { name: 'Inloggen' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('refuses a listener', async () => {
    mockFetch(sessionHandlers(testUser({ role: 'listener' })));

    await renderApp('/cloud-uploads');

    expect(await screen.findByRole('heading', { name: 'Toegang geweigerd' })).toBeVisible();
    expect(screen.getByText('Je hebt admin rechten nodig voor deze pagina.')).toBeVisible();
  });

  it('lets an admin in', async () => {
    mockFetch(sessionHandlers(testUser({ role: 'admin' })));

    await renderApp('/admin-management');

    expect(await screen.findByRole('heading', { level: 1, name: 'Beheer' })).toBeVisible();
  });
});

describe('the other access rules', () => {
  it('sends a visitor who is not logged in from /account to /auth', async () => {
    mockFetch(sessionHandlers(null));

    const { router } = await renderApp('/account');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  // Spec section 7: "401 or any other failure = no user". Until issue 30 /account kept the
  // visitor and said the service was unavailable; now it sends them to /auth, which says it.
  it('sends a visitor from /account to /auth when the user call answers 503, and /auth says why', async () => {
    const fetchMock = mockFetch({
      ...sessionHandlers(null),
      'GET /api/auth/user': () =>
        errorResponse(
          503,
          'De dienst is tijdelijk niet beschikbaar. Probeer het over een minuut opnieuw.',
          'SERVICE_UNAVAILABLE',
        ),
    });

    const { router } = await renderApp('/account');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'De dienst is tijdelijk niet beschikbaar, dus we kunnen nu niet controleren of je bent ingelogd.',
    );
    expect(screen.getByRole('tab', { name: 'Inloggen' })).toBeVisible();
    const userCalls = fetchMock.mock.calls.filter(([url]) =>
      String(url).endsWith('/api/auth/user'),
    );
    expect(userCalls).toHaveLength(1);
  });

  it('brings the visitor back from /auth once the user call answers again', async () => {
    let failing = true;
    mockFetch({
      ...sessionHandlers(testUser()),
      'GET /api/auth/user': () =>
        failing
          ? errorResponse(503, 'De dienst is tijdelijk niet beschikbaar.', 'SERVICE_UNAVAILABLE')
          : jsonResponse(testUser()),
    });

    const { router } = await renderApp('/account');

    const alert = await screen.findByRole('alert');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByText('anna@example.nl')).toBeVisible();
  });

  it('says nothing about the service on /auth after a 401', async () => {
    mockFetch(sessionHandlers(null));

    await renderApp('/auth');

    expect(await screen.findByRole('tab', { name: 'Inloggen' })).toBeVisible();
    expect(screen.queryByText(/niet controleren of je bent ingelogd/)).toBeNull();
  });

  it('shows a listener their account with the Dutch role name', async () => {
    mockFetch(sessionHandlers(testUser()));

    await renderApp('/account');

    expect(await screen.findByText('anna@example.nl')).toBeVisible();
    expect(screen.getByText('Luisteraar')).toBeVisible();
  });

  it('sends a logged-in user away from /auth to the home page', async () => {
    mockFetch(sessionHandlers(testUser()));

    const { router } = await renderApp('/auth');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks a visitor to log in before making requests', async () => {
    mockFetch(sessionHandlers(null));

    await renderApp('/verzoekjes');

    expect(await screen.findByRole('heading', { name: 'Login Vereist' })).toBeVisible();
  });

  it('tells a listener when requests are switched off', async () => {
    mockFetch(sessionHandlers(testUser(), { requestsEnabled: false }));

    await renderApp('/verzoekjes');

    expect(
      await screen.findByRole('heading', { name: 'Verzoekjes Momenteel Uitgeschakeld' }),
    ).toBeVisible();
  });

  it('shows the 404 page for an unknown path', async () => {
    mockFetch(sessionHandlers(null));

    await renderApp('/bestaat-niet');

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });
});
