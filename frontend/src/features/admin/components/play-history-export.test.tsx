import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { PlayHistoryExport, stationMonth } from './play-history-export';

describe('the play-history export', () => {
  it('takes this month on the station clock', () => {
    // 23:30 UTC on 31 March is already April in Amsterdam.
    expect(stationMonth('Europe/Amsterdam', new Date('2026-03-31T23:30:00Z'))).toBe('2026-04');
    expect(stationMonth('Europe/Amsterdam', new Date('2026-03-31T21:30:00Z'))).toBe('2026-03');
  });

  it('links the chosen month as a download', () => {
    render(<PlayHistoryExport timeZone="Europe/Amsterdam" />);
    fireEvent.change(screen.getByLabelText('Maand'), { target: { value: '2026-03' } });
    const link = screen.getByRole('link', { name: 'CSV downloaden' });
    expect(link.getAttribute('href')).toBe('/api/admin/play-history.csv?month=2026-03');
    expect(link.hasAttribute('download')).toBe(true);
  });
});
