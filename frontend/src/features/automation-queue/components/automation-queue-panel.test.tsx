import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminPlaylistEntry, AdminPlaylistResponse } from '@radio/contracts';
import { ADMIN_PLAYLIST_TEXTS } from '@radio/contracts';
import {
  errorResponse,
  jsonResponse,
  mockFetch,
  sessionHandlers,
  testUser,
} from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { findToast } from '@/test/toasts';

const admin = testUser({ id: 1, role: 'admin', name: 'Beheerder', email: 'beheer@radio.nl' });
const LIST = 'GET /api/admin/playlist?machine=1';

const entry = (position: number, overrides: Partial<AdminPlaylistEntry>): AdminPlaylistEntry => ({
  position,
  id: `e${position}`,
  title: `Nummer ${position}`,
  artist: 'Artiest',
  album: null,
  duration: 185,
  filename: `a/${position}.mp3`,
  kind: 'manual',
  requestId: null,
  requesterName: null,
  expectedStartTime: null,
  ...overrides,
});

function queueServer() {
  let entries = [
    entry(1, {
      title: 'Sneeuw op de Veluwe',
      artist: 'De Veluwse Band',
      kind: 'request',
      requestId: 7,
      requesterName: 'Truus',
      expectedStartTime: '2026-11-23T13:32:00Z',
    }),
    entry(2, { title: 'Lichtjes van Leeuwarden', artist: 'Friese Zangers' }),
    entry(3, { title: 'Groet uit Zwolle', kind: 'voice_message', duration: 0 }),
  ];
  let version = 'v1';
  const posts: { url: string; body: unknown }[] = [];
  let reads = 0;
  const answer = (): AdminPlaylistResponse => ({
    machine: 1,
    count: entries.length,
    entries: entries.map((e, i) => ({ ...e, position: i + 1 })),
    version,
    reorderable: true,
    reason: null,
  });
  return {
    posts,
    reads: () => reads,
    changeBehindTheAdminsBack: () => {
      entries = [entries[1]!, entries[0]!, entries[2]!];
      version = 'v2';
    },
    handlers: {
      [LIST]: () => {
        reads += 1;
        return jsonResponse(answer());
      },
      'POST /api/admin/playlist/move': (init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as {
          fromPosition: number;
          toPosition: number;
          version: string;
        };
        posts.push({ url: 'move', body });
        if (body.version !== version) {
          return errorResponse(409, ADMIN_PLAYLIST_TEXTS.stale, 'QUEUE_CHANGED');
        }
        const [moved] = entries.splice(body.fromPosition - 1, 1);
        entries.splice(body.toPosition - 1, 0, moved!);
        version = `${version}+`;
        return jsonResponse(answer());
      },
      'POST /api/admin/playlist/insert': (init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { filename: string; position: number };
        posts.push({ url: 'insert', body });
        entries.splice(
          body.position - 1,
          0,
          entry(0, { id: 'nieuw', title: 'Dag Deventer', filename: body.filename }),
        );
        version = `${version}+`;
        return jsonResponse(answer());
      },
      'GET /api/search?title=Deventer': () =>
        jsonResponse({
          data: [
            {
              source: 'local',
              title: 'Dag Deventer',
              artist: 'Hanzestad',
              album: '',
              duration: 200,
              filename: 'hanze/dag-deventer.mp3',
              libraryTrackId: 4,
              available: true,
            },
            {
              source: 'deezer',
              title: 'Deventer (remix)',
              artist: 'Iemand',
              album: '',
              duration: 180,
              deezer_id: '99',
              available: true,
            },
          ],
          total: 2,
          catalogueSearched: true,
        }),
    },
  };
}

const order = () =>
  within(screen.getByRole('list', { name: 'Wachtrij' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

afterEach(() => vi.restoreAllMocks());

describe('the automation queue tab', () => {
  it('lists the queue with kind, requester, expected start and length', async () => {
    mockFetch({ ...sessionHandlers(admin), ...queueServer().handlers });
    await renderApp('/admin-management?tab=playlist');
    const first = await screen.findByRole('listitem', {
      name: '1. De Veluwse Band – Sneeuw op de Veluwe',
    });
    for (const part of ['verzoekje', 'voor Truus', 'rond 14:32', '3:05']) {
      expect(first).toHaveTextContent(part);
    }
    expect(
      screen.getByRole('listitem', { name: '2. Friese Zangers – Lichtjes van Leeuwarden' }),
    ).toHaveTextContent('handmatig');
    const voice = screen.getByRole('listitem', { name: '3. Artiest – Groet uit Zwolle' });
    expect(voice).toHaveTextContent('spraakbericht');
    // A voice message has no length of its own.
    expect(voice).not.toHaveTextContent('0:00');
    expect(screen.getByRole('status')).toHaveTextContent('3 nummers in de wachtrij');
  });

  it('moves an entry up with its id and the version, re-reads, and keeps focus on it', async () => {
    const server = queueServer();
    mockFetch({ ...sessionHandlers(admin), ...server.handlers });
    await renderApp('/admin-management?tab=playlist');
    const up = await screen.findByRole('button', { name: 'Omhoog: Lichtjes van Leeuwarden' });
    up.focus();
    fireEvent.click(up);
    expect(await findToast('Verplaatst')).toHaveTextContent('Nu op positie 1.');
    expect(server.posts[0]?.body).toEqual({
      fromPosition: 2,
      toPosition: 1,
      machine: 1,
      entryId: 'e2',
      version: 'v1',
    });
    await waitFor(() =>
      expect(order()).toEqual([
        '1. Friese Zangers – Lichtjes van Leeuwarden',
        '2. De Veluwse Band – Sneeuw op de Veluwe',
        '3. Artiest – Groet uit Zwolle',
      ]),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Omhoog: Lichtjes van Leeuwarden' }),
      ),
    );
    // The first entry's Omhoog goes nowhere.
    fireEvent.click(screen.getByRole('button', { name: 'Omhoog: Lichtjes van Leeuwarden' }));
    expect(server.posts).toHaveLength(1);
  });

  it('a stale move shows the Dutch refusal and the list as it is now', async () => {
    const server = queueServer();
    mockFetch({ ...sessionHandlers(admin), ...server.handlers });
    await renderApp('/admin-management?tab=playlist');
    const down = await screen.findByRole('button', { name: 'Omlaag: Sneeuw op de Veluwe' });
    const readsBefore = server.reads();
    server.changeBehindTheAdminsBack();
    fireEvent.click(down);
    expect(await findToast('Verplaatsen mislukt')).toHaveTextContent(ADMIN_PLAYLIST_TEXTS.stale);
    await waitFor(() => expect(order()[0]).toBe('1. Friese Zangers – Lichtjes van Leeuwarden'));
    expect(server.reads()).toBeGreaterThan(readsBefore);
  });

  it('moves by drag and drop', async () => {
    const server = queueServer();
    mockFetch({ ...sessionHandlers(admin), ...server.handlers });
    await renderApp('/admin-management?tab=playlist');
    const third = await screen.findByRole('listitem', { name: '3. Artiest – Groet uit Zwolle' });
    const first = screen.getByRole('listitem', {
      name: '1. De Veluwse Band – Sneeuw op de Veluwe',
    });
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(third, { dataTransfer });
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    await waitFor(() => expect(order()[0]).toBe('1. Artiest – Groet uit Zwolle'));
    expect(server.posts[0]?.body).toMatchObject({ fromPosition: 3, toPosition: 1, entryId: 'e3' });
  });

  it('inserts a library track at the chosen position', async () => {
    const server = queueServer();
    mockFetch({ ...sessionHandlers(admin), ...server.handlers });
    await renderApp('/admin-management?tab=playlist');
    fireEvent.change(await screen.findByLabelText('Titel'), { target: { value: 'Deventer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    const results = await screen.findByRole('list', { name: 'Zoekresultaten' });
    // Only the library's tracks can go in the queue.
    expect(within(results).getAllByRole('listitem')).toHaveLength(1);
    // Without a position it goes at the end.
    expect(within(results).getByRole('button')).toHaveAccessibleName(
      'Toevoegen op positie 4: Dag Deventer',
    );
    fireEvent.change(screen.getByLabelText('Positie'), { target: { value: '2' } });
    fireEvent.click(
      within(results).getByRole('button', { name: 'Toevoegen op positie 2: Dag Deventer' }),
    );
    expect(await findToast('Toegevoegd')).toHaveTextContent('Het nummer staat op positie 2.');
    expect(server.posts[0]?.body).toEqual({
      filename: 'hanze/dag-deventer.mp3',
      position: 2,
      machine: 1,
      version: 'v1',
    });
    await waitFor(() => expect(order()[1]).toBe('2. Artiest – Dag Deventer'));
  });

  it("shows why AzuraCast's queue cannot be reordered, without controls", async () => {
    mockFetch({
      ...sessionHandlers(admin),
      [LIST]: () =>
        jsonResponse({
          machine: 1,
          count: 1,
          entries: [entry(1, { id: null, kind: 'station', title: 'Van AzuraCast' })],
          version: 'az',
          reorderable: false,
          reason: ADMIN_PLAYLIST_TEXTS.azuraCast,
        }),
    });
    await renderApp('/admin-management?tab=playlist');
    expect(await screen.findByRole('note')).toHaveTextContent(ADMIN_PLAYLIST_TEXTS.azuraCast);
    expect(screen.getByText('Artiest – Van AzuraCast')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Omhoog|Omlaag|Zoeken/ })).toBeNull();
  });
});
