import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AvailableDate, AvailableHour, PlaylistResponse } from '@radio/contracts';
import { jsonResponse, mockFetch, pending } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render-app';
import { FRIDAY_14H, stationInfo } from '@/test/station-fixtures';
import { ArchivePage } from './archive-page';

/** Newest first, as the server lists them. */
const DATES: AvailableDate[] = [
  { value: '2025-11-21', label: 'vrijdag 21 november', isToday: true, trackCount: 143 },
  { value: '2025-11-20', label: 'donderdag 20 november', isToday: false, trackCount: 317 },
];

/** A day lists all its hours in clock order; this one has plays at 13:00 and 14:00 only. */
const HOURS: AvailableHour[] = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
  trackCount: ({ 13: 14, 14: 1 } as Record<number, number>)[hour] ?? 0,
}));

const PLAYLIST: PlaylistResponse = {
  total: 2,
  items: [
    {
      sh_id: 2,
      played_at: FRIDAY_14H + 4 * 60 + 9,
      duration: 64,
      song: { title: '', artist: '', album: null },
    },
    {
      sh_id: 1,
      played_at: FRIDAY_14H + 9,
      duration: 185,
      song: { title: 'Radar Love', artist: 'Golden Earring', album: 'Moontan' },
    },
  ],
};

type Handlers = Parameters<typeof mockFetch>[0];

function renderArchive(handlers: Handlers = {}, path = '/playlist') {
  const fetchMock = mockFetch({
    'GET /api/station-info': () => jsonResponse(stationInfo()),
    'GET /api/playlist/available-dates': () => jsonResponse(DATES),
    'GET /api/playlist/available-hours?date=2025-11-21': () => jsonResponse(HOURS),
    'GET /api/playlist/available-hours?date=2025-11-20': () => jsonResponse(HOURS),
    'GET /api/playlist?date=2025-11-21&hour=14': () => jsonResponse(PLAYLIST),
    'GET /api/playlist?date=2025-11-21&hour=all': () => jsonResponse(PLAYLIST),
    ...handlers,
  });
  renderWithProviders(<ArchivePage />, path);
  // The archive's calls; station info (the time zone) is asked once besides them.
  const calls = () =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/station-info');
  return { fetchMock, calls };
}

const panel = (name: string) => screen.getByRole('region', { name });
const dayPanel = () => panel('Kies een dag');
const hourPanel = () => panel('Kies een uur');
const trackPanel = () => panel('Afspeellijst');

async function chooseDay(label: string) {
  fireEvent.click(await within(dayPanel()).findByRole('button', { name: new RegExp(label) }));
}

async function chooseHour(name: string | RegExp) {
  fireEvent.click(await within(hourPanel()).findByRole('button', { name }));
}

describe('the archive page: selection', () => {
  it('starts with nothing chosen and loads only the days', async () => {
    const { calls } = renderArchive();

    await within(dayPanel()).findByRole('button', { name: /vrijdag 21 november/ });

    expect(within(hourPanel()).getByText('Selecteer eerst een dag')).toBeVisible();
    expect(
      within(trackPanel()).getByText('Selecteer een dag en uur om de afspeellijst te bekijken'),
    ).toBeVisible();
    expect(calls()).toEqual(['/api/playlist/available-dates']);
  });

  it('shows each day newest first with its label, "Vandaag" and track count', async () => {
    renderArchive();

    const days = await within(dayPanel()).findAllByRole('button');

    expect(days.map((day) => day.textContent)).toEqual([
      'vrijdag 21 november143 nummersVandaag',
      'donderdag 20 november317 nummers',
    ]);
    expect(days.every((day) => day.getAttribute('aria-pressed') === 'false')).toBe(true);
  });

  it('loads the hours after a day is chosen, and the plays only with an hour too', async () => {
    const { calls } = renderArchive();

    await chooseDay('vrijdag 21 november');

    expect(
      within(dayPanel())
        .getByRole('button', { name: /vrijdag 21 november/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await within(hourPanel()).findByRole('button', { name: /Hele dag/ });
    expect(calls()).toContain('/api/playlist/available-hours?date=2025-11-21');
    expect(calls().some((url) => url.startsWith('/api/playlist?'))).toBe(false);
    expect(
      within(trackPanel()).getByText('Selecteer een dag en uur om de afspeellijst te bekijken'),
    ).toBeVisible();

    await chooseHour('14:00 1 nummer');

    expect(await within(trackPanel()).findByText('Radar Love')).toBeVisible();
    expect(calls()).toContain('/api/playlist?date=2025-11-21&hour=14');
  });

  it('offers "Hele dag" and all 24 hours with their counts', async () => {
    renderArchive();
    await chooseDay('vrijdag 21 november');

    const wholeDay = await within(hourPanel()).findByRole('button', { name: /Hele dag/ });
    expect(wholeDay.textContent).toBe('Hele dag15 nummers');
    const hours = within(within(hourPanel()).getByRole('list', { name: 'Uren' })).getAllByRole(
      'button',
    );
    expect(hours).toHaveLength(24);
    // The name starts with what the button shows (label in name): "13:00 14 nummers".
    expect(hours.map((hour) => hour.textContent)).toContain('13:00 14 nummers');
    expect(screen.getByRole('button', { name: '00:00 0 nummers' })).toBe(hours[0]);
    expect(screen.getByRole('button', { name: '13:00 14 nummers' })).toBe(hours[13]);
    expect(screen.getByRole('button', { name: '23:00 0 nummers' })).toBe(hours[23]);
  });

  it('shows the hours the day has in clock order (23 when the clocks go forward)', async () => {
    const springDay = HOURS.filter((hour) => hour.value !== '2');
    renderArchive({
      'GET /api/playlist/available-hours?date=2025-11-21': () => jsonResponse(springDay),
    });
    await chooseDay('vrijdag 21 november');

    await within(hourPanel()).findByRole('button', { name: /Hele dag/ });
    const hours = within(within(hourPanel()).getByRole('list', { name: 'Uren' })).getAllByRole(
      'button',
    );
    expect(hours.map((hour) => hour.textContent?.slice(0, 5))).toEqual(
      springDay.map((hour) => hour.label),
    );
    expect(hours).toHaveLength(23);
  });

  it('loads the whole day with hour=all', async () => {
    const { calls } = renderArchive();
    await chooseDay('vrijdag 21 november');

    await chooseHour(/Hele dag/);

    await within(trackPanel()).findByText('Radar Love');
    expect(calls()).toContain('/api/playlist?date=2025-11-21&hour=all');
    expect(within(trackPanel()).getByText(/Hele dag · 2 nummers/)).toBeVisible();
  });

  it('resets the hour when another day is chosen', async () => {
    renderArchive();
    await chooseDay('vrijdag 21 november');
    await chooseHour('14:00 1 nummer');
    await within(trackPanel()).findByText('Radar Love');

    await chooseDay('donderdag 20 november');

    expect(
      within(trackPanel()).getByText('Selecteer een dag en uur om de afspeellijst te bekijken'),
    ).toBeVisible();
    const hours = await within(hourPanel()).findAllByRole('button');
    expect(hours.some((hour) => hour.getAttribute('aria-pressed') === 'true')).toBe(false);
  });

  it('resets the hour also when the same day is chosen again', async () => {
    renderArchive();
    await chooseDay('vrijdag 21 november');
    await chooseHour(/Hele dag/);
    await within(trackPanel()).findByText('Radar Love');

    await chooseDay('vrijdag 21 november');

    expect(
      within(trackPanel()).getByText('Selecteer een dag en uur om de afspeellijst te bekijken'),
    ).toBeVisible();
  });

  it('restores a choice from the address', async () => {
    renderArchive({}, '/playlist?dag=2025-11-21&uur=14');

    expect(await within(trackPanel()).findByText('Radar Love')).toBeVisible();
    expect(
      within(hourPanel())
        .getByRole('button', { name: '14:00 1 nummer' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('ignores an hour in the address without a valid day', async () => {
    const { calls } = renderArchive({}, '/playlist?uur=14');

    await within(dayPanel()).findByRole('button', { name: /vrijdag/ });

    expect(within(hourPanel()).getByText('Selecteer eerst een dag')).toBeVisible();
    expect(calls()).toEqual(['/api/playlist/available-dates']);
  });
});

describe('the archive page: tracks', () => {
  it("lists title, artist, album, play time with seconds and duration in the server's order (newest first)", async () => {
    renderArchive({}, '/playlist?dag=2025-11-21&uur=14');

    const list = await within(trackPanel()).findByRole('region', { name: 'Gedraaide nummers' });
    const rows = within(list).getAllByRole('listitem');

    expect(rows.map((row) => row.textContent)).toEqual([
      '14:04:09Onbekende TitelOnbekende ArtiestDuur1:04',
      '14:00:09Radar LoveGolden Earring · MoontanDuur3:05',
    ]);
    expect(list.className).toContain('max-h-96');
    expect(list.className).toContain('overflow-y-auto');
  });

  it('shows the summary of the choice', async () => {
    renderArchive({}, '/playlist?dag=2025-11-21&uur=14');

    await within(trackPanel()).findByText('Radar Love');

    expect(trackPanel().textContent).toContain('vrijdag 21 november · 14:00 · 2 nummers');
  });
});

describe('the archive page: loading and empty states', () => {
  it('shows 24 placeholders while the hours load', async () => {
    renderArchive({
      'GET /api/playlist/available-hours?date=2025-11-21': () => pending(),
    });
    await chooseDay('vrijdag 21 november');

    expect(within(hourPanel()).getAllByTestId('hour-skeleton')).toHaveLength(24);
  });

  it('shows 8 placeholders while the tracks load', async () => {
    renderArchive(
      { 'GET /api/playlist?date=2025-11-21&hour=all': () => pending() },
      '/playlist?dag=2025-11-21&uur=all',
    );

    await waitFor(() =>
      expect(within(trackPanel()).getAllByTestId('track-skeleton')).toHaveLength(8),
    );
  });

  it('"Geen data beschikbaar" without days', async () => {
    renderArchive({ 'GET /api/playlist/available-dates': () => jsonResponse([]) });

    expect(await within(dayPanel()).findByText('Geen data beschikbaar')).toBeVisible();
  });

  it('"Geen data voor deze dag" without hours', async () => {
    renderArchive({ 'GET /api/playlist/available-hours?date=2025-11-21': () => jsonResponse([]) });
    await chooseDay('vrijdag 21 november');

    expect(await within(hourPanel()).findByText('Geen data voor deze dag')).toBeVisible();
  });

  it('"Geen tracks gevonden voor deze selectie" without tracks', async () => {
    renderArchive(
      { 'GET /api/playlist?date=2025-11-21&hour=13': () => jsonResponse({ total: 0, items: [] }) },
      '/playlist?dag=2025-11-21&uur=13',
    );

    expect(
      await within(trackPanel()).findByText('Geen tracks gevonden voor deze selectie'),
    ).toBeVisible();
  });

  it('shows a failed load with its reason and a retry', async () => {
    let calls = 0;
    renderArchive({
      'GET /api/playlist/available-dates': () =>
        ++calls === 1
          ? jsonResponse({ message: 'Archief tijdelijk niet bereikbaar', code: 'X' }, 503)
          : jsonResponse(DATES),
    });

    expect(await within(dayPanel()).findByText('Archief tijdelijk niet bereikbaar')).toBeVisible();
    fireEvent.click(within(dayPanel()).getByRole('button', { name: 'Opnieuw proberen' }));

    expect(
      await within(dayPanel()).findByRole('button', { name: /vrijdag 21 november/ }),
    ).toBeVisible();
  });
});
