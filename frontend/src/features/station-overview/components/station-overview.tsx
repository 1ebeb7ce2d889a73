import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CircleCheck, RotateCw, TriangleAlert } from 'lucide-react';
import type { AdminOverview } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/api-client';
import { formatClock } from '@/lib/format-time';
import { displayArtist, displayTitle } from '@/lib/song-names';
import { cn } from '@/lib/utils';
import { useAdminOverview } from '../api/get-admin-overview';

const CARD_TITLES = [
  'Nu op de radio',
  'Luisteraars',
  'Verzoekjes vandaag',
  'Uploads te beoordelen',
  'Bron',
] as const;

const KIND_LABELS = {
  builtin: 'Ingebouwde zender',
  azuracast: 'AzuraCast',
  none: 'Geen bron ingesteld',
} as const satisfies Record<AdminOverview['source']['kind'], string>;

const MODE_LABELS = {
  nonstop: 'Nonstop',
  live: 'Live',
} as const satisfies Record<AdminOverview['source']['mode'], string>;

const clockOf = (iso: string, timeZone: string): string =>
  formatClock(Date.parse(iso) / 1000, timeZone);

const songText = (song: { artist: string; title: string }): string =>
  `${displayArtist(song.artist)} – ${displayTitle(song.title)}`;

/** One figure of the overview: a titled card (a region named by its heading). */
function OverviewCard({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('min-w-0 p-4', className)}>
      <section aria-labelledby={id} className="grid gap-2">
        <h2 id={id} className="text-sm font-semibold text-muted-foreground">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

function Figure({ value, children }: { value: string; children?: ReactNode }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className="text-3xl font-bold tabular-nums">{value}</span>
      {children}
    </p>
  );
}

function NowPlayingCard({ overview }: { overview: AdminOverview }) {
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

function SourceCard({ overview, timeZone }: { overview: AdminOverview; timeZone: string }) {
  const { source } = overview;
  const lastGood = source.lastGoodPollAt && clockOf(source.lastGoodPollAt, timeZone);
  // Since when it fails; a source that never answered has only its last good poll, if any.
  const silentSince = source.failingSince ?? source.lastGoodPollAt;
  return (
    <OverviewCard id="overzicht-bron" title="Bron" className="sm:col-span-2 lg:col-span-3">
      <p className="font-semibold">
        {MODE_LABELS[source.mode]} · {KIND_LABELS[source.kind]}
      </p>
      {source.kind !== 'none' && (
        <p className="text-sm">
          {lastGood ? `Laatste geslaagde peiling: ${lastGood}` : 'Nog geen geslaagde peiling.'}
        </p>
      )}
      {source.stale ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md border border-red-700 bg-red-50 p-2 text-sm font-semibold text-red-800"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {silentSince
              ? `Verouderd: de bron antwoordt niet sinds ${clockOf(silentSince, timeZone)}`
              : 'Verouderd: de bron antwoordt niet'}
          </span>
        </p>
      ) : (
        source.kind !== 'none' &&
        lastGood && (
          <p className="flex items-center gap-2 text-sm text-green-800">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
            Actueel
          </p>
        )
      )}
    </OverviewCard>
  );
}

function OverviewCards({ overview, timeZone }: { overview: AdminOverview; timeZone: string }) {
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

/**
 * The top of the admin's Overview tab: what plays, who listens, what waits, and whether the
 * station source answers. Polls every 30 seconds.
 */
export function StationOverview({ timeZone }: { timeZone: string }) {
  const overview = useAdminOverview();
  const retry = (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void overview.refetch()}
      disabled={overview.isFetching}
    >
      <RotateCw aria-hidden="true" className={cn(overview.isFetching && 'animate-spin')} />
      Opnieuw proberen
    </Button>
  );
  return (
    <div className="grid gap-3">
      {overview.isError && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-700 bg-red-50 p-3"
        >
          <p className="text-sm font-medium break-words text-red-800">
            {overview.data
              ? `Het overzicht kon niet worden bijgewerkt: ${failureMessage(overview.error)}`
              : `Het overzicht kon niet worden geladen: ${failureMessage(overview.error)}`}
          </p>
          {retry}
        </div>
      )}
      {overview.data ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <OverviewCards overview={overview.data} timeZone={timeZone} />
        </div>
      ) : (
        overview.isPending && (
          <div
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
            aria-busy="true"
            aria-label="Overzicht laden"
          >
            {CARD_TITLES.map((title, index) => (
              <Card
                key={title}
                className={cn(
                  'grid min-w-0 gap-2 p-4',
                  index === 0 && 'sm:col-span-2',
                  index === 4 && 'sm:col-span-2 lg:col-span-3',
                )}
              >
                <h2 className="text-sm font-semibold text-muted-foreground">{title}</h2>
                <Skeleton className="h-9 w-full" />
              </Card>
            ))}
          </div>
        )
      )}
    </div>
  );
}
