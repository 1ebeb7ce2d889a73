import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@radio/contracts';
import { jsonResponse, mockFetch, sessionHandlers, testUser } from '@/test/fetch-mock';
import { renderApp, renderWithProviders } from '@/test/render-app';
import { findToast } from '@/test/toasts';
import { SiteHeader } from './site-header';

async function renderHeader(user: User | null, settings: Record<string, unknown> = {}) {
  mockFetch(sessionHandlers(user, settings));
  const { queryClient } = renderWithProviders(<SiteHeader />);
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
}

function linkNames() {
  return screen.getAllByRole('link').map((link) => link.textContent);
}

describe('SiteHeader', () => {
  it('shows a visitor the public pages and "Inloggen"', async () => {
    await renderHeader(null);

    expect(linkNames()).toEqual(
      expect.arrayContaining(['Home', 'Luisteren', 'Playlist', 'Inloggen']),
    );
    expect(screen.getByRole('link', { name: 'Inloggen' })).toHaveProperty('pathname', '/auth');
    for (const hidden of ['Verzoekjes', 'Upload', 'Account', 'Beheer', 'Moderatie']) {
      expect(screen.queryByRole('link', { name: hidden })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Uitloggen' })).toBeNull();
  });

  it('shows a listener requests, upload, account and logout, but not the admin pages', async () => {
    await renderHeader(testUser());

    expect(screen.getByRole('link', { name: 'Verzoekjes' })).toHaveProperty(
      'pathname',
      '/verzoekjes',
    );
    expect(screen.getByRole('link', { name: 'Upload' })).toHaveProperty('pathname', '/upload');
    expect(screen.getByRole('link', { name: 'Account' })).toHaveProperty('pathname', '/account');
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Beheer' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Moderatie' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Inloggen' })).toBeNull();
  });

  it('hides requests when the station has them switched off', async () => {
    await renderHeader(testUser(), { requestsEnabled: false });
    expect(screen.queryByRole('link', { name: 'Verzoekjes' })).toBeNull();
  });

  it('reads the alternate spelling requestEnabled', async () => {
    await renderHeader(testUser(), { requestsEnabled: undefined, requestEnabled: false });
    expect(screen.queryByRole('link', { name: 'Verzoekjes' })).toBeNull();
  });

  it('shows an admin the management and upload moderation pages', async () => {
    await renderHeader(testUser({ role: 'admin' }));

    expect(screen.getByRole('link', { name: 'Moderatie' })).toHaveProperty(
      'pathname',
      '/cloud-uploads',
    );
    expect(screen.getByRole('link', { name: 'Beheer' })).toHaveProperty(
      'pathname',
      '/admin-management',
    );
  });

  it('shows the LIVE badge only while broadcasting live', async () => {
    await renderHeader(null, { broadcastingMode: 'nonstop' });
    expect(screen.queryByText('LIVE')).toBeNull();
  });

  it('shows the LIVE badge when the mode is live', async () => {
    await renderHeader(null, { broadcastingMode: 'live' });
    expect(screen.getByText('LIVE')).toBeVisible();
  });

  it('links to the studio in a messaging app', async () => {
    await renderHeader(null);

    const studio = screen.getByRole('link', { name: 'App de studio' });
    expect(studio.getAttribute('href')).toBe('https://wa.me/31612345678');
    expect(studio.getAttribute('target')).toBe('_blank');
  });

  it('logs out: forgets the user, says goodbye and goes home', async () => {
    const fetchMock = mockFetch({
      ...sessionHandlers(testUser()),
      'POST /api/auth/logout': () => jsonResponse({ ok: true }),
    });
    const { router } = await renderApp('/account');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));

    fireEvent.click(await screen.findByRole('button', { name: 'Uitloggen' }));

    expect(await findToast('Tot ziens!')).toHaveTextContent('Je bent succesvol uitgelogd.');
    expect(await screen.findByRole('link', { name: 'Inloggen' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(visited).toEqual(['/']);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', {
      method: 'POST',
      credentials: 'include',
    });
  });

  it('Escape closes the menu and gives focus back to the menu button', async () => {
    await renderHeader(testUser());
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById('mobile-menu');
    expect(menu).toBeVisible();
    const link = within(menu!).getByRole('link', { name: 'Playlist' });
    link.focus();

    fireEvent.keyDown(link, { key: 'Escape' });

    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('navigating', () => {
  it("moves focus to the new page's heading, so it is announced", async () => {
    mockFetch(sessionHandlers(null));
    const { router } = await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    // The first page keeps the browser's own start (focus on the document).
    expect(document.activeElement).toBe(document.body);

    await act(() => router.navigate('/luisteren'));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Luisteren' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
