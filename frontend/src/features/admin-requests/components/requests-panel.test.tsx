import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminRequest, RequestStatusValue } from '@radio/contracts';
import {
  errorResponse,
  jsonResponse,
  mockFetch,
  sessionHandlers,
  testUser,
} from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { ownRequest } from '@/test/station-fixtures';
import { findToast } from '@/test/toasts';

const admin = testUser({ id: 1, role: 'admin', name: 'Beheerder', email: 'beheer@radio.nl' });

function adminRequest(id: number, overrides: Partial<AdminRequest> = {}): AdminRequest {
  const at = new Date(Date.UTC(2026, 10, 23, 13, 0) - id * 60_000).toISOString();
  return {
    ...ownRequest({
      id,
      title: `Liedje ${id}`,
      artist: 'De Artiest',
      requesterName: `Luisteraar ${id}`,
      duration: 200,
      submittedAt: at,
      requestedAt: at,
    }),
    userId: id + 100,
    filename: null,
    requesterIp: null,
    reviewedBy: null,
    reviewedAt: null,
    deezerTrackId: null,
    downloadError: null,
    libraryTrackId: 7,
    ...overrides,
  };
}

/** The requests service as the panel sees it: newest first, filtered, paged, with decisions. */
function requestsServer(initial: AdminRequest[]) {
  let rows = initial;
  const patches: { id: number; body: string }[] = [];
  const list = (status: RequestStatusValue | undefined, page: number, pageSize: number) => {
    const found = rows.filter((row) => !status || row.status === status);
    return jsonResponse({
      data: found.slice((page - 1) * pageSize, page * pageSize),
      total: found.length,
      page,
      pageSize,
    });
  };
  const handlers: Record<string, (init?: RequestInit) => Response> = {};
  for (const status of [undefined, 'pending', 'approved', 'played', 'rejected'] as const) {
    for (const [page, pageSize] of [
      [1, 20],
      [2, 20],
      [1, 5],
    ] as const) {
      const query = `${status ? `status=${status}&` : ''}page=${page}&pageSize=${pageSize}`;
      handlers[`GET /api/requests?${query}`] = () => list(status, page, pageSize);
    }
  }
  for (const row of initial) {
    handlers[`PATCH /api/requests/${row.id}/status`] = (init) => {
      const body = String(init?.body);
      patches.push({ id: row.id, body });
      const status = (JSON.parse(body) as { status: RequestStatusValue }).status;
      if (row.status === 'played') {
        return errorResponse(409, 'Een verzoekje met status played kan niet naar rejected.');
      }
      rows = rows.map((r) => (r.id === row.id ? { ...r, status } : r));
      return jsonResponse(rows.find((r) => r.id === row.id));
    };
  }
  return { handlers, patches };
}

const many = Array.from({ length: 23 }, (_, i) => adminRequest(i + 1));

afterEach(() => vi.restoreAllMocks());

describe('the requests tab', () => {
  it('shows 20 per page, pages on, and filters by status', async () => {
    const rows = many.map((row, i) => (i % 2 ? { ...row, status: 'approved' as const } : row));
    mockFetch({ ...sessionHandlers(admin), ...requestsServer(rows).handlers });
    await renderApp('/admin-management?tab=verzoekjes');
    await screen.findAllByRole('article');
    expect(screen.getByRole('status').textContent).toBe('23 verzoekjes');
    expect(screen.getAllByRole('article')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    await waitFor(() => expect(screen.getByText('Pagina 2 van 2')).toBeVisible());
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'approved' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('11 verzoekjes'));
    expect(screen.queryByRole('navigation', { name: "Pagina's" })).toBeNull();
    for (const card of screen.getAllByRole('article')) {
      expect(within(card).getByText('Goedgekeurd')).toBeVisible();
    }
  });

  it('shows the time in the station zone, the message, the voice and the Deezer failure', async () => {
    const row = adminRequest(1, {
      requestedAt: '2026-07-01T12:05:00.000Z',
      message: 'Voor mijn moeder, die vandaag 80 wordt! '.repeat(5).trim(),
      voicetrackUrl: '/files/voicetracks/abc-luisteraar.webm',
      source: 'deezer',
      downloadStatus: 'failed',
      downloadError: 'Deze track is niet beschikbaar op Deezer.',
    });
    mockFetch({ ...sessionHandlers(admin), ...requestsServer([row]).handlers });
    await renderApp('/admin-management?tab=verzoekjes');
    const card = await screen.findByRole('article', { name: 'De Artiest – Liedje 1' });
    expect(card.querySelector('time')?.textContent).toContain('14:05');
    expect(within(card).getByText('Luisteraar 1')).toBeVisible();
    expect(within(card).getByText(/Voor mijn moeder/).textContent).toBe(row.message);
    const audio = within(card).getByLabelText('Spraakbericht van Luisteraar 1');
    expect(audio.getAttribute('preload')).toBe('none');
    expect(audio.getAttribute('src')).toBe('/files/voicetracks/abc-luisteraar.webm');
    expect(within(card).getByText('Deezer')).toBeVisible();
    expect(within(card).getByText('Download mislukt')).toBeVisible();
    expect(within(card).getByText('Deze track is niet beschikbaar op Deezer.')).toBeVisible();
  });

  it('offers only the moves the server allows, and reads the list again after one', async () => {
    const rows = [
      adminRequest(1),
      adminRequest(2, { status: 'approved' }),
      adminRequest(3, { status: 'played' }),
      adminRequest(4, { status: 'rejected' }),
    ];
    const server = requestsServer(rows);
    mockFetch({ ...sessionHandlers(admin), ...server.handlers });
    await renderApp('/admin-management?tab=verzoekjes');
    const buttons = (name: string) =>
      within(screen.getByRole('article', { name }))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    await screen.findAllByRole('article');
    expect(buttons('De Artiest – Liedje 1')).toEqual(['Goedkeuren', 'Gedraaid', 'Afwijzen']);
    expect(buttons('De Artiest – Liedje 2')).toEqual(['Gedraaid', 'Afwijzen']);
    expect(buttons('De Artiest – Liedje 3')).toEqual([]);
    expect(buttons('De Artiest – Liedje 4')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Afwijzen: De Artiest – Liedje 1' }));
    expect(await findToast('Status bijgewerkt')).toHaveTextContent(
      'De Artiest – Liedje 1: Afgewezen.',
    );
    expect(server.patches).toEqual([{ id: 1, body: '{"status":"rejected"}' }]);
    const card = screen.getByRole('article', { name: 'De Artiest – Liedje 1' });
    await waitFor(() => expect(within(card).getByText('Afgewezen')).toBeVisible());
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
  });

  it("shows the server's refusal in a toast", async () => {
    const stale = adminRequest(1);
    const server = requestsServer([{ ...stale, status: 'played' }]);
    // The page still shows it pending: another admin marked it played meanwhile.
    const handlers = {
      ...server.handlers,
      'GET /api/requests?page=1&pageSize=20': () =>
        jsonResponse({ data: [stale], total: 1, page: 1, pageSize: 20 }),
    };
    mockFetch({ ...sessionHandlers(admin), ...handlers });
    await renderApp('/admin-management?tab=verzoekjes');
    fireEvent.click(await screen.findByRole('button', { name: 'Afwijzen: De Artiest – Liedje 1' }));
    expect(await findToast('Status niet bijgewerkt')).toHaveTextContent(
      'Een verzoekje met status played kan niet naar rejected.',
    );
  });

  it('lists the 5 newest on the overview, with a link to the requests tab', async () => {
    mockFetch({ ...sessionHandlers(admin), ...requestsServer(many).handlers });
    await renderApp('/admin-management');
    const recent = await screen.findByRole('region', { name: 'Recente verzoekjes' });
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(5));
    expect(within(recent).getAllByRole('listitem')[0]?.textContent).toContain(
      'De Artiest – Liedje 1',
    );
    fireEvent.click(within(recent).getByRole('link', { name: 'Alle verzoekjes' }));
    expect((await screen.findAllByRole('article')).length).toBe(20);
  });
});
