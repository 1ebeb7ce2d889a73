import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  errorResponse,
  jsonResponse,
  mockFetch,
  sessionHandlers,
  testUser,
} from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { findToast } from '@/test/toasts';

const admin = sessionHandlers(testUser({ role: 'admin' }));

function stationSettings(initial: Record<string, unknown>) {
  let current = {
    requestsEnabled: true,
    registrationEnabled: false,
    broadcastingMode: 'nonstop',
    isLive: false,
    ...initial,
  };
  const calls: string[] = [];
  const answer = (change: Record<string, unknown>) => {
    current = { ...current, ...change };
    return jsonResponse(current);
  };
  return {
    calls,
    handlers: {
      'GET /api/dj-settings': () => jsonResponse(current),
      'PATCH /api/admin/toggle-requests': (init?: RequestInit) => {
        calls.push(`requests ${String(init?.body)}`);
        return answer({ requestsEnabled: JSON.parse(String(init?.body)).enabled });
      },
      'PATCH /api/admin/broadcasting-mode': (init?: RequestInit) => {
        calls.push(`mode ${String(init?.body)}`);
        const { mode } = JSON.parse(String(init?.body)) as { mode: string };
        return answer({ broadcastingMode: mode, isLive: mode === 'live' });
      },
      'POST /api/dj-settings/registration': () =>
        errorResponse(503, 'De database is even niet bereikbaar.', 'SERVICE_UNAVAILABLE'),
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the admin panel', () => {
  it('has six tabs; the one in the address is open', async () => {
    mockFetch({ ...admin, ...stationSettings({}).handlers });
    await renderApp('/admin-management?tab=systeem');
    expect(await screen.findByRole('switch', { name: 'Verzoekjes' })).toBeVisible();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overzicht',
      'Gebruikers',
      'Verzoekjes',
      'Playlist',
      'Systeem',
      'Instellingen',
    ]);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Systeem');
  });

  it('switches requests off and goes live, each confirmed, the switches showing the server', async () => {
    const settings = stationSettings({});
    mockFetch({ ...admin, ...settings.handlers });
    await renderApp('/admin-management?tab=systeem');
    const requests = await screen.findByRole('switch', { name: 'Verzoekjes' });
    expect((requests as HTMLInputElement).checked).toBe(true);
    fireEvent.click(requests);
    expect(await screen.findByText('Verzoekjes staan uit.')).toBeVisible();
    await waitFor(() => expect((requests as HTMLInputElement).checked).toBe(false));

    fireEvent.click(screen.getByRole('switch', { name: 'Live uitzending' }));
    expect(await screen.findByText('Live uitzending.')).toBeVisible();
    expect(settings.calls).toEqual(['requests {"enabled":false}', 'mode {"mode":"live"}']);
  });

  it('says why a switch did not change, and leaves it as the server has it', async () => {
    mockFetch({ ...admin, ...stationSettings({}).handlers });
    await renderApp('/admin-management?tab=systeem');
    const registration = await screen.findByRole('switch', { name: 'Registratie' });
    fireEvent.click(registration);
    expect(await findToast('Instelling niet gewijzigd')).toHaveTextContent(
      'De database is even niet bereikbaar.',
    );
    await waitFor(() => expect((registration as HTMLInputElement).checked).toBe(false));
  });
});
