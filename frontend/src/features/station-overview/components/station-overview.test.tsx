import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminOverview } from '@radio/contracts';
import {
  errorResponse,
  jsonResponse,
  mockFetch,
  pending,
  sessionHandlers,
  testUser,
} from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const admin = testUser({ id: 1, role: 'admin', name: 'Beheerder' });

const overview: AdminOverview = {
  nowPlaying: {
    artist: 'Golden Earring',
    title: 'Radar Love',
    startedAt: '2026-05-14T12:03:00.000Z',
    duration: 380,
  },
  next: [
    { artist: 'Doe Maar', title: 'Smoorverliefd', duration: 215 },
    { artist: '', title: 'Jingle' },
  ],
  listeners: { current: 42, unique: 37 },
  requestsToday: 12,
  requestsWaiting: 4,
  uploadsWaiting: 3,
  source: {
    mode: 'nonstop',
    kind: 'builtin',
    // 14:05 in Amsterdam (summer time).
    lastGoodPollAt: '2026-05-14T12:05:10.000Z',
    stale: false,
  },
};

const card = (name: string) => screen.getByRole('region', { name });

afterEach(() => vi.restoreAllMocks());

describe('the station overview', () => {
  it('shows what plays and what comes next, the listeners, the requests, the uploads and the source', async () => {
    mockFetch({
      ...sessionHandlers(admin),
      'GET /api/admin/overview': () => jsonResponse(overview),
    });
    await renderApp('/admin-management');

    const nowPlaying = await screen.findByRole('region', { name: 'Nu op de radio' });
    expect(within(nowPlaying).getByText('Golden Earring – Radar Love')).toBeVisible();
    expect(within(nowPlaying).getByRole('heading', { name: 'Hierna' })).toBeVisible();
    expect(
      within(nowPlaying)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Doe Maar – Smoorverliefd', 'Onbekende Artiest – Jingle']);
    expect(card('Luisteraars').textContent).toContain('42');
    expect(card('Verzoekjes vandaag').textContent).toContain('12+ 4 wachtend');
    const uploads = card('Uploads te beoordelen');
    expect(uploads.textContent).toContain('3');
    expect(
      within(uploads).getByRole('link', { name: 'Naar de cloud-uploads' }).getAttribute('href'),
    ).toBe('/cloud-uploads');
    const source = card('Bron');
    expect(within(source).getByText('Nonstop · Ingebouwde zender')).toBeVisible();
    expect(within(source).getByText('Laatste geslaagde peiling: 14:05')).toBeVisible();
    expect(within(source).getByText('Actueel')).toBeVisible();
    expect(within(source).queryByRole('alert')).toBeNull();
    // The requests of the overview are still listed below.
    expect(await screen.findByRole('region', { name: 'Recente verzoekjes' })).toBeVisible();
  });

  it('warns in words when the source stopped answering', async () => {
    mockFetch({
      ...sessionHandlers(admin),
      'GET /api/admin/overview': () =>
        jsonResponse({
          ...overview,
          nowPlaying: null,
          next: [],
          listeners: null,
          source: {
            mode: 'live',
            kind: 'azuracast',
            lastGoodPollAt: '2026-05-14T12:05:10.000Z',
            stale: true,
            failingSince: '2026-05-14T12:05:20.000Z',
          },
        } satisfies AdminOverview),
    });
    await renderApp('/admin-management');

    const source = await screen.findByRole('region', { name: 'Bron' });
    expect(within(source).getByRole('alert').textContent).toBe(
      'Verouderd: de bron antwoordt niet sinds 14:05',
    );
    expect(within(source).queryByText('Actueel')).toBeNull();
    expect(within(source).getByText('Live · AzuraCast')).toBeVisible();
    expect(card('Nu op de radio').textContent).toContain('Er speelt nu niets.');
    expect(card('Nu op de radio').textContent).toContain('Nog niet bekend.');
    expect(card('Luisteraars').textContent).toContain('Onbekend');
  });

  it('shows skeletons while loading', async () => {
    mockFetch({ ...sessionHandlers(admin), 'GET /api/admin/overview': () => pending() });
    await renderApp('/admin-management');

    const loading = await screen.findByLabelText('Overzicht laden');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(
      within(loading)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual([
      'Nu op de radio',
      'Luisteraars',
      'Verzoekjes vandaag',
      'Uploads te beoordelen',
      'Bron',
    ]);
  });

  it('says why it could not load and loads again on "Opnieuw proberen"', async () => {
    let fails = true;
    mockFetch({
      ...sessionHandlers(admin),
      'GET /api/admin/overview': () =>
        fails
          ? errorResponse(503, 'De database is even niet bereikbaar.', 'SERVICE_UNAVAILABLE')
          : jsonResponse(overview),
    });
    await renderApp('/admin-management');

    const alert = await screen.findByText(/Het overzicht kon niet worden geladen/);
    expect(alert.textContent).toContain('De database is even niet bereikbaar.');
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));

    expect(await screen.findByText('Golden Earring – Radar Love')).toBeVisible();
    expect(screen.queryByText(/Het overzicht kon niet worden geladen/)).toBeNull();
  });
});
