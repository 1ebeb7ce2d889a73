import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminAuditEntry, AdminAuditLogResponse } from '@radio/contracts';
import {
  errorResponse,
  jsonResponse,
  mockFetch,
  sessionHandlers,
  testUser,
} from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const admin = testUser({ id: 1, role: 'admin', name: 'Anouk Beheer' });
const URL_OF = (page: number) => `GET /api/admin/audit-log?page=${page}&pageSize=25`;

function entry(id: number, overrides: Partial<AdminAuditEntry> = {}): AdminAuditEntry {
  return {
    id,
    occurredAt: '2026-11-23T14:05:00.000Z',
    actorUserId: 1,
    actorLabel: 'Anouk Beheer',
    action: 'settings.requests',
    target: 'Instellingen',
    changes: [{ field: 'requestsEnabled', before: true, after: false }],
    ...overrides,
  };
}

const pageOf = (
  entries: AdminAuditEntry[],
  page: number,
  total: number,
): AdminAuditLogResponse => ({
  entries,
  total,
  page,
  pageSize: 25,
});

afterEach(() => vi.restoreAllMocks());

const openSystemTab = () => renderApp('/admin-management?tab=systeem');

describe('the audit log in the System tab', () => {
  it('shows who changed what when, in Dutch, with the secrets as the server masked them', async () => {
    mockFetch({
      ...sessionHandlers(admin),
      [URL_OF(1)]: () =>
        jsonResponse(
          pageOf(
            [
              entry(3),
              entry(2, {
                action: 'user.role',
                target: 'joost@radio.test',
                changes: [{ field: 'role', before: 'listener', after: 'admin' }],
              }),
              entry(1, {
                action: 'settings.deezer-arl',
                changes: [{ field: 'deezerArl', before: 'niet ingesteld', after: 'ingesteld' }],
              }),
            ],
            1,
            3,
          ),
        ),
    });
    await openSystemTab();
    const log = await screen.findByRole('region', { name: 'Wijzigingslogboek' });
    const rows = await within(log).findAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Wanneer', 'Wie', 'Wat', 'Van → Naar']);
    const cells = (row: number) =>
      within(rows[row] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    const [when, who, what, change] = cells(1);
    // 14:05 UTC is 15:05 at the station (Europe/Amsterdam).
    expect(when).toMatch(/23 nov\.? 2026.*15:05/);
    expect(who).toBe('Anouk Beheer');
    expect(what).toBe('Verzoekjes aan/uitInstellingen');
    expect(change).toBe('Verzoekjes: Aan → Uit');
    expect(cells(2).slice(2)).toEqual([
      'Rol van gebruikerjoost@radio.test',
      'Rol: Luisteraar → Beheerder',
    ]);
    expect(cells(3)[3]).toBe('Deezer ARL: niet ingesteld → ingesteld');
    expect(within(log).getByText('Pagina 1 van 1')).toBeVisible();
  });

  it('pages by 25 with previous and next', async () => {
    const fetchMock = mockFetch({
      ...sessionHandlers(admin),
      [URL_OF(1)]: () =>
        jsonResponse(
          pageOf(
            Array.from({ length: 25 }, (_, i) => entry(60 - i)),
            1,
            30,
          ),
        ),
      [URL_OF(2)]: () =>
        jsonResponse(
          pageOf(
            Array.from({ length: 5 }, (_, i) => entry(35 - i, { actorLabel: 'Oudere Beheerder' })),
            2,
            30,
          ),
        ),
    });
    await openSystemTab();
    const log = await screen.findByRole('region', { name: 'Wijzigingslogboek' });
    expect(await within(log).findByText('Pagina 1 van 2')).toBeVisible();
    expect(within(log).getAllByRole('row')).toHaveLength(26);
    expect(within(log).getByRole('button', { name: 'Vorige' })).toBeDisabled();

    fireEvent.click(within(log).getByRole('button', { name: 'Volgende' }));
    expect(await within(log).findByText('Pagina 2 van 2')).toBeVisible();
    expect(await within(log).findAllByText('Oudere Beheerder')).toHaveLength(5);
    expect(within(log).getByRole('button', { name: 'Volgende' })).toBeDisabled();
    expect(within(log).getByRole('button', { name: 'Vorige' })).toBeEnabled();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/admin/audit-log?page=2&pageSize=25',
    );
  });

  it('says so when there are no changes yet, and reads again on "Vernieuwen"', async () => {
    let entries: AdminAuditEntry[] = [];
    mockFetch({
      ...sessionHandlers(admin),
      [URL_OF(1)]: () => jsonResponse(pageOf(entries, 1, entries.length)),
    });
    await openSystemTab();
    const log = await screen.findByRole('region', { name: 'Wijzigingslogboek' });
    expect(await within(log).findByText('Nog geen wijzigingen.')).toBeVisible();

    entries = [entry(1)];
    fireEvent.click(within(log).getByRole('button', { name: 'Vernieuwen' }));
    expect((await within(log).findByRole('listitem')).textContent).toBe('Verzoekjes: Aan → Uit');
  });

  it('shows a failure with a retry', async () => {
    let fail = true;
    mockFetch({
      ...sessionHandlers(admin),
      [URL_OF(1)]: () =>
        fail
          ? errorResponse(503, 'De dienst is tijdelijk niet beschikbaar.', 'SERVICE_UNAVAILABLE')
          : jsonResponse(pageOf([entry(1)], 1, 1)),
    });
    await openSystemTab();
    const log = await screen.findByRole('region', { name: 'Wijzigingslogboek' });
    const alert = await within(log).findByRole('alert');
    expect(alert.textContent).toContain('Het wijzigingslogboek kon niet worden geladen');
    expect(alert.textContent).toContain('De dienst is tijdelijk niet beschikbaar.');

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect((await within(log).findByRole('listitem')).textContent).toBe('Verzoekjes: Aan → Uit');
  });
});
