import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TrackSearchResult } from '@radio/contracts';
import {
  errorResponse,
  jsonResponse,
  mockFetch,
  pending,
  sessionHandlers,
  testUser,
} from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { ownRequest } from '@/test/station-fixtures';
import { findToast } from '@/test/toasts';

const noQueue = {
  'GET /api/pending-requests': () => jsonResponse({ data: [], total: 0 }),
  'GET /api/recent-requests': () => jsonResponse({ data: [], total: 0 }),
  'GET /api/requests/mine': () => jsonResponse({ data: [], total: 0 }),
};

const track = (overrides: Partial<TrackSearchResult>): TrackSearchResult => ({
  source: 'local',
  title: 'Zomeravond aan Zee',
  artist: 'Anneke Bosman',
  album: 'Kustlicht',
  duration: 204,
  filename: 'Anneke Bosman - Zomeravond aan Zee.mp3',
  libraryTrackId: 7,
  available: true,
  ...overrides,
});

async function searchFor(title: string) {
  fireEvent.change(await screen.findByLabelText('Titel'), { target: { value: title } });
  fireEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
}

describe('the request page gates', () => {
  it('shows a spinner while the user loads', async () => {
    mockFetch({ ...sessionHandlers(null), 'GET /api/auth/user': pending });
    await renderApp('/verzoekjes');
    expect(await screen.findByRole('status', { name: 'Laden' })).toBeVisible();
  });

  it('asks a visitor to log in and brings them back here afterwards', async () => {
    mockFetch(sessionHandlers(null));
    await renderApp('/verzoekjes');
    expect(await screen.findByRole('heading', { name: 'Login Vereist' })).toBeVisible();
    const login = within(screen.getByRole('main')).getByRole('link', { name: 'Inloggen' });
    expect(login.getAttribute('href')).toBe('/api/login');
    fireEvent.click(login);

    // /api/login sends the browser to /auth; once logged in it goes on to /verzoekjes.
    mockFetch({ ...sessionHandlers(testUser()), ...noQueue });
    const { router } = await renderApp('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verzoekjes'));
  });

  it('says so when requests are switched off', async () => {
    mockFetch(sessionHandlers(testUser(), { requestsEnabled: false }));
    await renderApp('/verzoekjes');
    expect(
      await screen.findByRole('heading', { name: 'Verzoekjes Momenteel Uitgeschakeld' }),
    ).toBeVisible();
    expect(screen.queryByLabelText('Artiest')).toBeNull();
  });
});

describe('requesting a song', () => {
  it('needs an artist or a title', async () => {
    mockFetch({ ...sessionHandlers(testUser()), ...noQueue });
    await renderApp('/verzoekjes');
    fireEvent.click(await screen.findByRole('button', { name: 'Zoeken' }));
    expect(await findToast('Geen zoekterm')).toHaveTextContent(
      'Voer minimaal een artiest of titel in.',
    );
  });

  it('lists results with their source; an unavailable one shows its reason and cannot be chosen', async () => {
    mockFetch({
      ...sessionHandlers(testUser()),
      ...noQueue,
      'GET /api/search?title=Zee': () =>
        jsonResponse({
          data: [
            track({ available: false, reason: 'Dit nummer staat al in de wachtrij.' }),
            track({
              source: 'deezer',
              title: 'Zee van Tijd',
              filename: undefined,
              libraryTrackId: undefined,
              deezer_id: '123',
            }),
          ],
          total: 2,
          catalogueSearched: true,
        }),
    });
    await renderApp('/verzoekjes');
    await searchFor('Zee');

    expect(await screen.findByText('2 nummers gevonden')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Nieuwe zoekopdracht' })).toBeEnabled();
    const taken = screen.getByRole('button', { name: /Zomeravond aan Zee/ });
    const deezer = screen.getByRole('button', { name: /Zee van Tijd/ });
    expect(taken).toHaveTextContent('Bibliotheek');
    expect(deezer).toHaveTextContent('Deezer');
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    expect(taken).toHaveAccessibleDescription(/Dit nummer staat al in de wachtrij\./);
    fireEvent.click(taken);
    expect(await findToast('Track niet beschikbaar')).toHaveTextContent(
      'Dit nummer staat al in de wachtrij.',
    );
    expect(screen.queryByRole('heading', { name: /Je verzoekje/ })).toBeNull();

    fireEvent.click(deezer);
    expect(await screen.findByRole('heading', { name: /Je verzoekje/ })).toBeVisible();
    expect((screen.getByLabelText('Je naam') as HTMLInputElement).value).toBe('Anna de Vries');
  });

  it('shows a refusal with the server message and when the wait ends; a success clears the form', async () => {
    let refuse = true;
    const created = {
      id: 5,
      title: 'Zomeravond aan Zee',
      artist: 'Anneke Bosman',
      album: 'Kustlicht',
      source: 'local',
      requesterName: 'Anna de Vries',
      duration: 204,
      status: 'approved',
      submittedAt: '2026-11-23T20:00:00.000Z',
      requestedAt: '2026-11-23T20:00:00.000Z',
      playedAt: null,
      position: 1,
      expectedStartTime: '2026-11-23T20:05:00.000Z',
      message: 'Voor mama',
      voicetrackUrl: null,
      browserFingerprint: 'x',
      downloadStatus: 'not_needed',
      stationStep: null,
      stationNote: null,
    };
    const fetchMock = mockFetch({
      ...sessionHandlers(testUser()),
      ...noQueue,
      'GET /api/search?title=Zomeravond': () =>
        jsonResponse({ data: [track({})], total: 1, catalogueSearched: true }),
      'GET /api/requests/mine': () =>
        jsonResponse(refuse ? { data: [], total: 0 } : { data: [created], total: 1 }),
      'POST /api/requests': () =>
        refuse
          ? jsonResponse(
              {
                message: 'Je kunt over 12 minuten weer een verzoekje indienen.',
                code: 'HOURLY_LIMIT',
                retryAfter: 720,
              },
              429,
            )
          : jsonResponse(created, 201),
    });
    await renderApp('/verzoekjes');
    await searchFor('Zomeravond');
    fireEvent.click(await screen.findByRole('button', { name: /Zomeravond aan Zee/ }));
    const message = await screen.findByLabelText('Bericht voor de DJ (optioneel)');
    fireEvent.change(message, { target: { value: 'Voor mama' } });
    expect(message).toHaveAccessibleDescription('9/500 tekens');
    fireEvent.click(screen.getByRole('button', { name: 'Verzoekje versturen' }));

    const refusal = /Je kunt over 12 minuten weer een verzoekje indienen\. Dat is rond \d\d:\d\d\./;
    expect(await findToast('Verzoekje niet mogelijk')).toHaveTextContent(refusal);
    const form = screen.getByRole('form', { name: 'Je verzoekje' });
    expect(within(form).getByRole('alert')).toHaveTextContent(refusal);

    const sent = fetchMock.mock.calls.find(([url]) => String(url) === '/api/requests');
    const body = JSON.parse(String(sent?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ source: 'local', libraryTrackId: 7, message: 'Voor mama' });
    expect(typeof body.browserFingerprint).toBe('string');

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Verzoekje versturen' }));
    expect(await findToast('Verzoekje ingediend!')).toHaveTextContent(
      'Zomeravond aan Zee van Anneke Bosman staat op de lijst.',
    );
    expect((screen.getByLabelText('Titel') as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Mijn verzoekjes' }).textContent).toContain(
        'Voor mama',
      ),
    );
  });

  it('marks the listener’s own request in the queue with its place and expected time', async () => {
    const mine = ownRequest({
      status: 'approved',
      position: 2,
      expectedStartTime: '2026-11-23T13:32:00.000Z',
    });
    mockFetch({
      ...sessionHandlers(testUser()),
      // The queue lists it without the private fields; the test's answer may carry them.
      'GET /api/pending-requests': () => jsonResponse({ data: [mine], total: 1 }),
      'GET /api/recent-requests': () => errorResponse(503, 'Even niet'),
      'GET /api/requests/mine': () => jsonResponse({ data: [mine], total: 1 }),
    });
    await renderApp('/verzoekjes');
    const item = (await screen.findAllByText('Jouw verzoekje'))[0]?.closest('li');
    expect(item?.textContent).toContain('#2');
    expect(item?.textContent).toContain('rond 14:32');
    expect(item?.textContent).toContain('Goedgekeurd');
  });
});
