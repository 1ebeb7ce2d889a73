import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@radio/contracts';
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
const listeners = Array.from({ length: 24 }, (_, i) =>
  testUser({ id: i + 2, name: `Luisteraar ${i + 1}`, email: `luisteraar${i + 1}@example.nl` }),
);

function usersServer(users: User[]) {
  let current = users;
  const calls: string[] = [];
  const update = (id: number, change: Partial<User>) => {
    current = current.map((user) => (user.id === id ? { ...user, ...change } : user));
    return jsonResponse(current.find((user) => user.id === id));
  };
  return {
    calls,
    handlers: {
      'GET /api/admin/users': () => jsonResponse(current),
      'PATCH /api/admin/users/2/limits': (init?: RequestInit) => {
        calls.push(String(init?.body));
        return update(2, JSON.parse(String(init?.body)) as Partial<User>);
      },
      'PATCH /api/admin/users/1/role': () =>
        errorResponse(409, 'De laatste beheerder blijft beheerder.', 'LAST_ADMIN'),
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the users tab', () => {
  it('searches by name or e-mail and pages by 20', async () => {
    mockFetch({ ...sessionHandlers(admin), ...usersServer([admin, ...listeners]).handlers });
    await renderApp('/admin-management?tab=gebruikers');
    await screen.findAllByRole('article');
    expect(screen.getByRole('status').textContent).toBe('25 gebruikers');
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.getByText('Pagina 1 van 2')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(screen.getAllByRole('article')).toHaveLength(5);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Zoek op naam of e-mail' }), {
      target: { value: 'LUISTERAAR12@' },
    });
    expect(screen.getByRole('status').textContent).toBe('1 gebruiker');
    expect(screen.getByRole('article', { name: 'Luisteraar 12' })).toBeVisible();
  });

  it('shows the defaults, refuses a bad limit, and saves 1 per hour', async () => {
    const server = usersServer([admin, ...listeners]);
    mockFetch({ ...sessionHandlers(admin), ...server.handlers });
    await renderApp('/admin-management?tab=gebruikers');
    const card = await screen.findByRole('article', { name: 'Luisteraar 1' });
    fireEvent.click(within(card).getByText('Limieten'));
    const perHour = within(card).getByLabelText('Verzoekjes per uur');
    expect(within(card).getByText('Leeg: standaard 3')).toBeVisible();
    expect(within(card).getByText('Leeg: onbeperkt')).toBeVisible();
    expect(perHour).toHaveAccessibleDescription('Leeg: standaard 3');

    fireEvent.change(perHour, { target: { value: 'twee' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Limieten opslaan' }));
    expect(within(card).getByRole('alert').textContent).toBe(
      'Limiet moet een heel getal van 0 of meer zijn',
    );
    expect(server.calls).toEqual([]);

    fireEvent.change(perHour, { target: { value: '1' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Limieten opslaan' }));
    expect(await findToast('Gebruiker bijgewerkt')).toHaveTextContent(
      'Luisteraar 1 is bijgewerkt.',
    );
    expect(JSON.parse(server.calls[0] ?? '{}')).toEqual({
      customRequestsPerHour: 1,
      customRequestsPerDay: null,
      customCooldownMinutes: null,
      canBypassLimits: false,
    });
  });

  it('says why the last admin keeps the role, and shows the role the server has', async () => {
    mockFetch({ ...sessionHandlers(admin), ...usersServer([admin, ...listeners]).handlers });
    await renderApp('/admin-management?tab=gebruikers');
    const card = await screen.findByRole('article', { name: 'Beheerder' });
    const role = within(card).getByLabelText('Rol');
    fireEvent.change(role, { target: { value: 'listener' } });
    expect(await findToast('Rol niet gewijzigd')).toHaveTextContent(
      'De laatste beheerder blijft beheerder.',
    );
    await waitFor(() => expect((role as HTMLSelectElement).value).toBe('admin'));
  });
});
