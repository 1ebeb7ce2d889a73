import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminSettings } from '@radio/contracts';
import { jsonResponse, mockFetch, sessionHandlers, testUser } from '@/test/fetch-mock';
import { renderApp, renderWithProviders } from '@/test/render-app';
import { findToast } from '@/test/toasts';
import { StationSettingsForm } from './station-settings-form';

const saved: AdminSettings = {
  nonstopUrl: 'http://127.0.0.1:3102/internal/station/api/nowplaying/1',
  nonstopApiKeySet: true,
  nonstopIsBuiltIn: true,
  liveUrl: null,
  liveApiKeySet: false,
  localStreamUrl: '/stream/radio.m3u8',
  libraryName: 'Nonstop Mix',
  maxRequestsPerIp: 10,
  maxRequestsPerBrowser: 3,
  trackCooldownHours: 3,
  artistCooldownHours: 1,
  deezerArlSet: false,
  updatedAt: '2026-11-24T10:00:00.000Z',
};

const playing = {
  ok: true,
  code: null,
  message: 'Live-bron werkt: Radio Polderklank, nu speelt BLØF – Zoutelande',
  stationName: 'Radio Polderklank',
  isOnline: true,
  nowPlaying: { artist: 'BLØF', title: 'Zoutelande' },
};

type Answer = { status: number; body: unknown };

/** The settings API: PATCH bodies are kept; `patch` decides each answer, a 200 is stored. */
function settingsServer(patch: (body: Record<string, unknown>) => Answer) {
  let current = saved;
  const patches: Record<string, unknown>[] = [];
  const tests: Record<string, unknown>[] = [];
  return {
    patches,
    tests,
    handlers: {
      'GET /api/admin/settings': () => jsonResponse(current),
      'PATCH /api/admin/settings': (init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        patches.push(body);
        const answer = patch(body);
        if (answer.status === 200) {
          current = (answer.body as { settings: AdminSettings }).settings;
        }
        return jsonResponse(answer.body, answer.status);
      },
      'POST /api/admin/settings/test-source': (init?: RequestInit) => {
        tests.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return jsonResponse(playing);
      },
    },
  };
}

let saveCount = 0;
const saves = (body: Record<string, unknown>, sourceTests = {}): Answer => {
  saveCount += 1;
  return {
    status: 200,
    body: {
      settings: {
        ...saved,
        ...body,
        updatedAt: new Date(Date.UTC(2026, 10, 24, saveCount)).toISOString(),
      },
      sourceTests,
    },
  };
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Instellingen opslaan' }));

async function renderForm(server: ReturnType<typeof settingsServer>) {
  mockFetch(server.handlers);
  renderWithProviders(<StationSettingsForm />);
  await screen.findByRole('heading', { name: 'Bronnen' });
}

afterEach(() => vi.restoreAllMocks());

describe('the station settings form', () => {
  it('shows the saved values in groups, and the keys only as set or not', async () => {
    await renderForm(settingsServer(saves));
    for (const heading of ['Bronnen', 'Stream en bibliotheek', 'Limieten']) {
      expect(screen.getByRole('heading', { name: heading })).toBeVisible();
    }
    expect(field('Naam van de bibliotheek').value).toBe('Nonstop Mix');
    expect(field('Max. verzoekjes per browser').value).toBe('3');
    expect(field('Nonstop-URL').value).toBe(saved.nonstopUrl);
    const nonstopKey = field('API-sleutel nonstop');
    expect(nonstopKey.type).toBe('password');
    expect(nonstopKey.value).toBe('');
    expect(nonstopKey).toHaveAccessibleDescription('ingesteld');
    expect(field('API-sleutel live').value).toBe('');
    expect(field('API-sleutel live')).toHaveAccessibleDescription('niet ingesteld');
  });

  it('shows a Dutch error at the field and sends nothing when a limit is out of range', async () => {
    const server = settingsServer(saves);
    await renderForm(server);
    type('Max. verzoekjes per browser', '51');
    save();
    const input = field('Max. verzoekjes per browser');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(
      input.getAttribute('aria-describedby')?.split(' ')[0] ?? '',
    );
    expect(error?.textContent).toBe(
      'Max. verzoekjes per browser moet een heel getal van 1 tot en met 50 zijn',
    );
    expect(server.patches).toEqual([]);
  });

  it('sends only what changed and confirms the save', async () => {
    const server = settingsServer(saves);
    await renderForm(server);
    type('Naam van de bibliotheek', 'Polderklanken');
    type('Wachttijd per nummer (uren)', '6');
    save();
    await screen.findByText('Instellingen opgeslagen');
    expect(server.patches).toEqual([{ libraryName: 'Polderklanken', trackCooldownHours: 6 }]);
    await waitFor(() => expect(field('Naam van de bibliotheek').value).toBe('Polderklanken'));
  });

  it('shows what a changed source plays after the save, and clears a key on request', async () => {
    const server = settingsServer((body) => saves({ liveUrl: body.liveUrl }, { live: playing }));
    await renderForm(server);
    type('Live-URL', 'https://live.example/api/nowplaying/2');
    type('API-sleutel live', 'geheim');
    save();
    await screen.findByText('Instellingen opgeslagen');
    expect(server.patches).toEqual([
      { liveUrl: 'https://live.example/api/nowplaying/2', liveApiKey: 'geheim' },
    ]);
    const results = await screen.findAllByText(playing.message);
    expect(results.some((result) => result.closest('[role="status"]'))).toBe(true);
    // The key field is empty again: a key is never shown back.
    await waitFor(() => expect(field('API-sleutel live').value).toBe(''));

    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Sleutel wissen' })[0]!);
    save();
    await waitFor(() => expect(server.patches).toHaveLength(2));
    expect(server.patches[1]).toEqual({ nonstopApiKey: null });
  });

  it('keeps the typed values and says why when the server refuses', async () => {
    const message = 'Live-bron getest: live.example antwoordde met HTTP 500. Niets opgeslagen.';
    const server = settingsServer(() => ({
      status: 422,
      body: { message, code: 'SOURCE_TEST_FAILED' },
    }));
    await renderForm(server);
    type('Live-URL', 'https://live.example/api/nowplaying/2');
    type('Naam van de bibliotheek', 'Polderklanken');
    save();
    expect(await findToast('Fout bij bijwerken')).toHaveTextContent(message);
    expect(field('Live-URL').value).toBe('https://live.example/api/nowplaying/2');
    expect(field('Naam van de bibliotheek').value).toBe('Polderklanken');
  });

  it('tests a source without saving, with the typed URL', async () => {
    const server = settingsServer(saves);
    await renderForm(server);
    type('Live-URL', 'https://live.example/api/nowplaying/2');
    const buttons = screen.getAllByRole('button', { name: 'Test verbinding' });
    fireEvent.click(buttons[1]!);
    await screen.findByText(playing.message);
    expect(server.tests).toEqual([{ url: 'https://live.example/api/nowplaying/2', which: 'live' }]);
    expect(server.patches).toEqual([]);
  });
});

describe('the settings tab', () => {
  it('shows the station settings above the Deezer ARL form', async () => {
    const admin = testUser({ role: 'admin' });
    mockFetch({ ...sessionHandlers(admin), ...settingsServer(saves).handlers });
    await renderApp('/admin-management?tab=instellingen');
    const panel = await screen.findByRole('tabpanel');
    await within(panel).findByRole('heading', { name: 'Bronnen' });
    const headings = within(panel)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Instellingen', 'Deezer ARL']);
  });
});
