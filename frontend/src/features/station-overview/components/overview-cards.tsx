import { Link } from 'react-router-dom';
import type { AdminOverview } from '@radio/contracts';
import { NowPlayingCard } from './now-playing-card';
import { OverviewCard } from './overview-card';
import { OverviewFigure as Figure } from './overview-figure';
import { SourceCard } from './source-card';

/** The overview's figures, one card each. */
export function OverviewCards({
  overview,
  timeZone,
}: {
  overview: AdminOverview;
  timeZone: string;
}) {
  const { listeners, requestsToday, requestsWaiting, uploadsWaiting } = overview;
  return (
    <>
      <NowPlayingCard overview={overview} />
      <OverviewCard id="overzicht-luisteraars" title="Luisteraars">
        <Figure value={listeners ? String(listeners.current) : 'Onbekend'}>
          {listeners && <span className="text-sm text-muted-foreground">nu op de stream</span>}
        </Figure>
      </OverviewCard>
      <OverviewCard id="overzicht-verzoekjes" title="Verzoekjes vandaag">
        <Figure value={String(requestsToday)}>
          <span className="text-sm text-muted-foreground">+ {requestsWaiting} wachtend</span>
        </Figure>
      </OverviewCard>
      <OverviewCard id="overzicht-uploads" title="Uploads te beoordelen">
        <Figure value={String(uploadsWaiting)} />
        <Link
          to="/cloud-uploads"
          className="text-sm font-semibold text-primary underline underline-offset-4"
        >
          Naar de cloud-uploads
        </Link>
      </OverviewCard>
      <SourceCard overview={overview} timeZone={timeZone} />
    </>
  );
}
