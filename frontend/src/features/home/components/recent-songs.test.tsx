import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FRIDAY_14H } from '@/test/station-fixtures';
import type { SongHistory } from '../lib/song-history';
import { RecentSongs } from './recent-songs';

const TZ = 'Europe/Amsterdam';

function renderRecent(props: Parameters<typeof RecentSongs>[0]) {
  render(
    <MemoryRouter>
      <RecentSongs {...props} />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Eerder op de radio' });
}

const play = (minutesAgo: number, artist: string, title: string): SongHistory[number] => ({
  played_at: FRIDAY_14H - minutesAgo * 60,
  song: { artist, title, album: null },
});

describe('RecentSongs', () => {
  it('shows five placeholder rows while loading', () => {
    const region = renderRecent({ history: undefined, status: 'pending', timeZone: TZ });

    expect(within(region).getAllByTestId('recent-song-skeleton')).toHaveLength(5);
  });

  it('shows the plays as the server lists them (newest five first) with their nl-NL time', () => {
    const history = [
      play(3, 'Doe Maar', 'De bom'),
      play(10, 'BLØF', 'Zoutelande'),
      play(20, 'Golden Earring', 'Radar Love'),
      play(30, 'Racoon', 'Oceaan'),
      play(40, 'Within Temptation', 'Ice Queen'),
    ];
    const region = renderRecent({ history, status: 'success', timeZone: TZ });

    const rows = within(region).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'De bomDoe Maar13:57',
      'ZoutelandeBLØF13:50',
      'Radar LoveGolden Earring13:40',
      'OceaanRacoon13:30',
      'Ice QueenWithin Temptation13:20',
    ]);
  });

  it('names unknown artists and titles', () => {
    const region = renderRecent({ history: [play(3, '', '  ')], status: 'success', timeZone: TZ });

    expect(within(region).getByText('Onbekende Titel')).toBeVisible();
    expect(within(region).getByText('Onbekende Artiest')).toBeVisible();
  });

  it('says so when nothing was played yet', () => {
    const region = renderRecent({ history: [], status: 'success', timeZone: TZ });

    expect(within(region).getByText('Geen recente nummers beschikbaar')).toBeVisible();
  });

  it('says so when the songs could not be loaded', () => {
    const region = renderRecent({ history: undefined, status: 'error', timeZone: TZ });

    expect(within(region).getByText('Kan recente nummers niet laden')).toBeVisible();
  });

  it('keeps showing the last known songs when a later poll fails', () => {
    const region = renderRecent({
      history: [play(3, 'Doe Maar', 'De bom')],
      status: 'error',
      timeZone: TZ,
    });

    expect(within(region).getByText('De bom')).toBeVisible();
    expect(within(region).queryByText('Kan recente nummers niet laden')).toBeNull();
  });
});
