import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { callsTo, jsonResponse, mockFetch, sessionHandlers, testUser } from '@/test/fetch-mock';
import { mockEventSource } from '@/test/event-source-mock';
import { mockMediaElement } from '@/test/media-mock';
import { renderApp } from '@/test/render-app';
import { nowPlaying } from '@/test/station-fixtures';

const LIVE_SETTINGS = {
  requestsEnabled: true,
  registrationEnabled: false,
  broadcastingMode: 'live',
  isLive: true,
};

/** The home page of a listener, its first answers in, the stream opened by the server. */
async function openHome() {
  mockMediaElement();
  const streams = mockEventSource();
  const fetchMock = mockFetch({
    ...sessionHandlers(testUser()),
    'GET /api/now-playing': () => jsonResponse(nowPlaying()),
  });
  const { queryClient } = await renderApp('/');
  await screen.findByText('Radar Love');
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  await waitFor(() => expect(streams.opened).toHaveLength(1));
  streams.latest().open();
  return { streams, fetchMock };
}

describe('live updates', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the LIVE badge and the menu as the station changes them, without asking the server', async () => {
    const { streams, fetchMock } = await openHome();
    expect(screen.queryByText('LIVE')).toBeNull();
    const menu = within(screen.getByRole('navigation', { name: 'Hoofdmenu' }));
    expect(menu.getByRole('link', { name: 'Verzoekjes' })).toBeInTheDocument();

    streams.latest().emit('settings', LIVE_SETTINGS, 1);
    expect(await screen.findByText('LIVE')).toBeVisible();

    // The server's older spelling is read as on load.
    streams.latest().emit('settings', { broadcastingMode: 'nonstop', requestEnabled: false }, 2);
    await waitFor(() => expect(screen.queryByText('LIVE')).toBeNull());
    expect(menu.queryByRole('link', { name: 'Verzoekjes' })).toBeNull();
    expect(callsTo(fetchMock, '/api/dj-settings')).toBe(1);
  });

  it('shows the next song the moment the server announces it, without a request', async () => {
    const { streams, fetchMock } = await openHome();

    streams.latest().emit(
      'now-playing',
      nowPlaying({
        now_playing: {
          played_at: 1,
          duration: 200,
          elapsed: 0,
          remaining: 200,
          song: { artist: 'Doe Maar', title: 'De bom', album: null },
        },
      }),
      7,
    );

    const player = screen.getByRole('region', { name: 'Livespeler' });
    expect(await within(player).findByText('De bom')).toBeVisible();
    expect(within(player).queryByText('Radar Love')).toBeNull();
    expect(callsTo(fetchMock, '/api/now-playing')).toBe(1);
  });

  it('stops polling now playing while the stream is open, and catches up and polls when it is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { streams, fetchMock } = await openHome();

    await act(() => vi.advanceTimersByTimeAsync(95_000));
    expect(callsTo(fetchMock, '/api/now-playing')).toBe(1);

    // The gateway answers 503: the browser gives up, the page asks once for what it missed.
    streams.latest().fail({ hard: true });
    await waitFor(() => expect(callsTo(fetchMock, '/api/now-playing')).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(callsTo(fetchMock, '/api/now-playing')).toBe(3));

    // The stream is reopened from the last event seen; once it is open the poll stops again.
    expect(streams.opened).toHaveLength(2);
    streams.latest().open();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(callsTo(fetchMock, '/api/now-playing')).toBe(3);
  });

  it('after the gateway refused the stream, goes on from the last event on the reopened one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { streams } = await openHome();
    streams.latest().emit('settings', LIVE_SETTINGS, 5);
    expect(await screen.findByText('LIVE')).toBeVisible();

    streams.latest().fail({ hard: true });
    await act(() => vi.advanceTimersByTimeAsync(1_250));
    expect(streams.opened).toHaveLength(2);
    expect(streams.latest().url).toBe('/api/events?lastEventId=5');

    streams.latest().open();
    streams.latest().emit('settings', { ...LIVE_SETTINGS, broadcastingMode: 'nonstop' }, 6);
    await waitFor(() => expect(screen.queryByText('LIVE')).toBeNull());
  });

  it('reopens the stream as soon as the browser is back online', async () => {
    const { streams } = await openHome();
    streams.latest().fail({ hard: true });

    act(() => void window.dispatchEvent(new Event('online')));
    expect(streams.opened).toHaveLength(2);
    streams.latest().open();
    streams.latest().emit('settings', LIVE_SETTINGS, 1);
    expect(await screen.findByText('LIVE')).toBeVisible();
  });
});
