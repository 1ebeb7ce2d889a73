import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  callsTo,
  errorResponse,
  jsonResponse,
  mockFetch,
  sessionHandlers,
} from '@/test/fetch-mock';
import { mockMediaElement } from '@/test/media-mock';
import { renderApp } from '@/test/render-app';
import { FRIDAY_14H, nowPlaying, stationInfo } from '@/test/station-fixtures';

describe('the home page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the player with the current song, the recent songs and the About text', async () => {
    mockMediaElement();
    mockFetch({
      ...sessionHandlers(null),
      'GET /api/station-info': () => jsonResponse(stationInfo()),
      'GET /api/now-playing': () =>
        jsonResponse(
          nowPlaying({
            song_history: [
              {
                played_at: FRIDAY_14H - 240,
                song: { artist: 'Doe Maar', title: 'De bom', album: null },
              },
            ],
          }),
        ),
    });
    await renderApp('/');

    const player = await screen.findByRole('region', { name: 'Livespeler' });
    expect(await within(player).findByText('Radar Love')).toBeVisible();
    expect(within(player).getByRole('button', { name: 'Afspelen' })).toBeVisible();
    const recent = screen.getByRole('region', { name: 'Eerder op de radio' });
    expect(within(recent).getByRole('listitem')).toHaveTextContent('De bomDoe Maar13:56');
    expect(screen.getByRole('heading', { name: 'Over Radio Lokaal' })).toBeVisible();
  });

  it('shows the failure of now playing and the recent songs text', async () => {
    mockMediaElement();
    mockFetch({
      ...sessionHandlers(null),
      'GET /api/now-playing': () => errorResponse(503, 'Het station is even niet bereikbaar'),
    });
    await renderApp('/');

    expect(await screen.findByText('Het station is even niet bereikbaar')).toBeVisible();
    expect(screen.getByText('Kan recente nummers niet laden')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeEnabled();
  });

  it('loads now playing once on load and then every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockMediaElement();
    const fetchMock = mockFetch({
      ...sessionHandlers(null),
      'GET /api/station-info': () => jsonResponse(stationInfo()),
      'GET /api/now-playing': () => jsonResponse(nowPlaying()),
    });
    await renderApp('/');
    await screen.findByText('Radar Love');
    expect(callsTo(fetchMock, '/api/now-playing')).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(callsTo(fetchMock, '/api/now-playing')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(callsTo(fetchMock, '/api/now-playing')).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(callsTo(fetchMock, '/api/now-playing')).toBe(3));
  });
});
