import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authUserQueryKey } from '@/features/auth/api/get-auth-user';
import { callsTo, jsonResponse, mockFetch, sessionHandlers, testUser } from '@/test/fetch-mock';
import { mockEventSource } from '@/test/event-source-mock';
import { mockMediaElement } from '@/test/media-mock';
import { renderApp } from '@/test/render-app';
import { ownRequest } from '@/test/station-fixtures';

/** Played just now (as the server and the ear have it: no player on), for `seconds`. */
const playedNow = (seconds: number) =>
  ownRequest({ status: 'played', playedAt: new Date().toISOString(), duration: seconds });

/** A listener on their request page with one request in review; the stream open. */
async function openRequestPage() {
  mockMediaElement();
  const streams = mockEventSource();
  const fetchMock = mockFetch({
    ...sessionHandlers(testUser()),
    'GET /api/pending-requests': () => jsonResponse({ data: [], total: 0 }),
    'GET /api/recent-requests': () => jsonResponse({ data: [], total: 0 }),
    'GET /api/requests/mine': () => jsonResponse({ data: [ownRequest()], total: 1 }),
  });
  const { queryClient } = await renderApp('/verzoekjes');
  const mine = await screen.findByRole('region', { name: 'Mijn verzoekjes' });
  await within(mine).findByText('In behandeling');
  await waitFor(() => expect(streams.opened).toHaveLength(1));
  streams.latest().open();
  return { stream: streams.latest(), streams, fetchMock, queryClient, mine: within(mine) };
}

/** A browser Notification whose permission the test sets; records what was shown. */
function mockNotification(permission: NotificationPermission) {
  const shown: [string, NotificationOptions | undefined][] = [];
  const requestPermission = vi.fn(async () => {
    Fake.permission = 'granted';
    return 'granted' as const;
  });
  class Fake {
    static permission: NotificationPermission = permission;
    static requestPermission = requestPermission;
    constructor(title: string, options?: NotificationOptions) {
      shown.push([title, options]);
    }
  }
  vi.stubGlobal('Notification', Fake);
  return { shown, requestPermission };
}

const banner = () => screen.queryByText('Je verzoekje wordt nu gedraaid!');

describe("a listener's own requests, live", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('moves a request from "In behandeling" to "Goedgekeurd" as the server approves it, without a request', async () => {
    const { stream, fetchMock, mine } = await openRequestPage();

    stream.emit('my-request', ownRequest({ status: 'approved' }), 3);
    expect(await mine.findByText('Goedgekeurd')).toBeVisible();
    expect(mine.queryByText('In behandeling')).toBeNull();

    // One the list did not have yet comes first.
    stream.emit('my-request', ownRequest({ id: 10, title: 'Nieuw liedje' }), 4);
    expect(await mine.findByText('Nieuw liedje')).toBeVisible();
    expect(mine.getAllByRole('listitem')).toHaveLength(2);
    expect(callsTo(fetchMock, '/api/requests/mine')).toBe(1);
  });

  it('opens the stream again when the logged-in user changes (the server routes by session)', async () => {
    const { streams, queryClient } = await openRequestPage();
    act(() => queryClient.setQueryData(authUserQueryKey, null));
    await waitFor(() => expect(streams.opened).toHaveLength(2));
    expect(streams.opened[0]?.readyState).toBe(2);
  });

  it('reads the list again when the server says it could not replay what was missed', async () => {
    const { stream, fetchMock } = await openRequestPage();
    stream.emit('hello', { serverTime: Date.now(), resync: true });
    await waitFor(() => expect(callsTo(fetchMock, '/api/requests/mine')).toBe(2));
  });

  it('shows "Nu op de radio" while the song plays, then "Gedraaid", and announces it once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { stream, mine } = await openRequestPage();

    stream.emit('my-request', playedNow(5), 5);
    expect(await mine.findByText('Nu op de radio')).toBeVisible();
    const status = banner()?.closest('[aria-live]');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Brug over de Vecht – De Kanaalkoning');

    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(await mine.findByText('Gedraaid')).toBeVisible();
    expect(banner()).toBeNull();

    // Played again (say an admin's correction): already announced in this session.
    stream.emit('my-request', playedNow(5), 6);
    expect(await mine.findByText('Nu op de radio')).toBeVisible();
    expect(banner()).toBeNull();
  });

  it('makes a browser notification when the listener allowed them', async () => {
    const { shown } = mockNotification('granted');
    const { stream, mine } = await openRequestPage();
    expect(screen.queryByRole('button', { name: /Meld het/ })).toBeNull();

    stream.emit('my-request', playedNow(60), 5);
    await waitFor(() => expect(banner()).toBeVisible());
    // The same request again, told apart by its message: once the list shows it, it was handled.
    stream.emit('my-request', { ...playedNow(60), message: 'Nog een keer' }, 6);
    expect(await mine.findByText('“Nog een keer”')).toBeVisible();
    expect(shown).toEqual([
      [
        'Je verzoekje wordt nu gedraaid!',
        { body: 'Brug over de Vecht – De Kanaalkoning', tag: 'request-9' },
      ],
    ]);
  });

  it('makes none when the listener refused them; only the banner says it', async () => {
    const { shown } = mockNotification('denied');
    const { stream } = await openRequestPage();
    stream.emit('my-request', playedNow(60), 5);
    await waitFor(() => expect(banner()).toBeVisible());
    expect(shown).toEqual([]);
  });

  it('asks for notifications at a click, once, while the browser has not been asked', async () => {
    const { requestPermission } = mockNotification('default');
    const { mine } = await openRequestPage();
    fireEvent.click(
      mine.getByRole('button', { name: 'Meld het als mijn verzoekje wordt gedraaid' }),
    );
    await waitFor(() => expect(mine.queryByRole('button', { name: /Meld het/ })).toBeNull());
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });
});
