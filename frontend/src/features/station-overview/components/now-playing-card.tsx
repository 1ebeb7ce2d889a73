import type { AdminOverview } from '@radio/contracts';
import { songText } from '../lib/overview-display';
import { OverviewCard } from './overview-card';

/** What plays now and what the station plays next. */
export function NowPlayingCard({ overview }: { overview: AdminOverview }) {
  const { nowPlaying, next } = overview;
  return (
    <OverviewCard id="overzicht-nu" title="Nu op de radio" className="sm:col-span-2">
      <p className="text-lg font-bold break-words">
        {nowPlaying ? songText(nowPlaying) : 'Er speelt nu niets.'}
      </p>
      <h3 className="text-sm font-semibold text-muted-foreground">Hierna</h3>
      {next.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {overview.source.kind === 'builtin'
            ? 'Niets in de wachtrij: de zender kiest zelf uit de bibliotheek.'
            : 'Nog niet bekend.'}
        </p>
      ) : (
        <ol className="grid list-inside list-decimal gap-1 text-sm">
          {next.map((song, index) => (
            <li key={index} className="break-words">
              {songText(song)}
            </li>
          ))}
        </ol>
      )}
    </OverviewCard>
  );
}
