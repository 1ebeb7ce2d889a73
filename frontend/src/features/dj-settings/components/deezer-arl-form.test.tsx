import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { Toaster } from '@/components/ui/toaster';
import { DeezerArlForm } from './deezer-arl-form';

const ARL = 'a'.repeat(192);

function renderForm(props: Parameters<typeof DeezerArlForm>[0] = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeezerArlForm {...props} />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the Deezer ARL form', () => {
  it('refuses what is not an ARL without asking the server', () => {
    const fetchMock = mockFetch({});
    renderForm();
    fireEvent.change(screen.getByLabelText('Nieuwe ARL'), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Testen en opslaan' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Dit is geen ARL token: een ARL bestaat uit 192 tekens (0-9, a-f)',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows "Ongeldige ARL Token" when Deezer does not know it', async () => {
    mockFetch({
      'POST /api/admin/update-deezer-arl': () =>
        jsonResponse({
          tested: true,
          valid: false,
          message: 'Deezer kent deze ARL niet; de opgeslagen ARL is niet gewijzigd.',
          error: 'ARL_INVALID',
          details: null,
        }),
    });
    const onSaved = vi.fn();
    renderForm({ arlSet: true, onSaved });
    expect(screen.getByText('ingesteld')).toBeVisible();
    expect(screen.getByLabelText('Nieuwe ARL')).toHaveAccessibleDescription('ingesteld');
    fireEvent.change(screen.getByLabelText('Nieuwe ARL'), { target: { value: ARL } });
    fireEvent.click(screen.getByRole('button', { name: 'Testen en opslaan' }));
    const result = await screen.findByText(/^Ongeldige ARL Token: Deezer kent deze ARL niet/);
    expect(await screen.findByText('Ongeldige ARL Token')).toBeVisible();
    expect(onSaved).not.toHaveBeenCalled();
    expect(result.getAttribute('role')).toBe('status');
  });

  it('does not call an ARL invalid when Deezer did not answer', async () => {
    mockFetch({
      'POST /api/admin/update-deezer-arl': () =>
        jsonResponse({
          tested: false,
          valid: false,
          message: 'Deezer is niet bereikbaar; de opgeslagen ARL is niet gewijzigd.',
          error: 'DEEZER_UNREACHABLE',
          details: null,
        }),
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('Nieuwe ARL'), { target: { value: ARL } });
    fireEvent.click(screen.getByRole('button', { name: 'Testen en opslaan' }));
    const result = await screen.findByText(/^ARL niet getest: Deezer is niet bereikbaar/);
    expect(result.textContent).not.toContain('Ongeldige');
    // No toast ("Ongeldige ARL Token" with this message) about a token that was never tested.
    expect(
      screen.queryByText('Deezer is niet bereikbaar; de opgeslagen ARL is niet gewijzigd.'),
    ).toBeNull();
  });

  it('stores a valid one and names the account', async () => {
    mockFetch({
      'POST /api/admin/update-deezer-arl': () =>
        jsonResponse({
          tested: true,
          valid: true,
          message: 'De ARL is geldig en opgeslagen.',
          error: null,
          details: {
            name: 'Radio Lokaal',
            offer: 'Premium',
            country: 'NL',
            canStreamHq: true,
            canStreamLossless: false,
          },
        }),
    });
    const onSaved = vi.fn();
    renderForm({ arlSet: false, onSaved });
    expect(screen.getByText('niet ingesteld')).toBeVisible();
    expect(screen.getByLabelText('Nieuwe ARL')).toHaveAccessibleDescription('niet ingesteld');
    fireEvent.change(screen.getByLabelText('Nieuwe ARL'), { target: { value: ARL } });
    fireEvent.click(screen.getByRole('button', { name: 'Testen en opslaan' }));
    const status = await screen.findByText(/^ARL opgeslagen: /);
    // The page reads the settings again, and they say the ARL is stored.
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(status.textContent).toContain('ARL opgeslagen: De ARL is geldig en opgeslagen.');
    expect(status.textContent).toContain('Radio Lokaal · Premium · NL · tot 320 kbps');
    expect((screen.getByLabelText('Nieuwe ARL') as HTMLInputElement).value).toBe('');
  });
});
