import { ArrowLeft, ChevronRight, Ban } from 'lucide-react';
import type { TrackSearchResponse, TrackSearchResult } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { StepHeading } from './step-heading';
import { TrackSummary } from './track-summary';

type ResultsStepProps = {
  results: TrackSearchResponse;
  onChoose: (track: TrackSearchResult) => void;
  onBack: () => void;
};

const UNAVAILABLE_DEFAULT = 'Deze track kan momenteel niet worden aangevraagd.';

export function ResultsStep({ results, onChoose, onBack }: ResultsStepProps) {
  const choose = (track: TrackSearchResult) => {
    if (!track.available) {
      toast({
        variant: 'destructive',
        title: 'Track niet beschikbaar',
        description: track.reason ?? UNAVAILABLE_DEFAULT,
      });
      return;
    }
    onChoose(track);
  };
  const count = results.total === 1 ? '1 nummer gevonden' : `${results.total} nummers gevonden`;
  return (
    <section className="grid gap-4" aria-label="Zoekresultaten">
      <StepHeading step={2}>Kies je nummer</StepHeading>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold" role="status">
          {count}
        </p>
        <Button type="button" variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Nieuwe zoekopdracht
        </Button>
      </div>
      {!results.catalogueSearched && (
        <p className="text-sm text-muted-foreground">
          De Deezer-catalogus kon nu niet worden doorzocht; je ziet alleen nummers uit onze
          bibliotheek.
        </p>
      )}
      {results.data.length === 0 ? (
        <EmptyState>
          Niets gevonden. Probeer een andere schrijfwijze of alleen de artiest.
        </EmptyState>
      ) : (
        <ul className="grid gap-2">
          {results.data.map((track) => {
            const key = `${track.source}-${track.libraryTrackId ?? track.deezer_id ?? track.filename ?? track.title}`;
            const reasonId = `${key}-reason`;
            return (
              <li key={key}>
                <button
                  type="button"
                  onClick={() => choose(track)}
                  aria-disabled={!track.available}
                  aria-describedby={track.available ? undefined : reasonId}
                  className={cn(
                    'flex min-h-16 w-full items-center gap-3 rounded-lg border bg-card p-3 text-left transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    track.available
                      ? 'hover:border-primary hover:bg-accent/40'
                      : 'cursor-not-allowed bg-muted/60',
                  )}
                >
                  <span className={cn('min-w-0 flex-1', !track.available && 'opacity-75')}>
                    <TrackSummary track={track} />
                    {!track.available && (
                      <span
                        id={reasonId}
                        className="mt-1 flex items-start gap-1.5 text-sm font-medium text-destructive"
                      >
                        <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                        <span>
                          <span className="sr-only">Niet beschikbaar: </span>
                          {track.reason ?? UNAVAILABLE_DEFAULT}
                        </span>
                      </span>
                    )}
                  </span>
                  {track.available && (
                    <ChevronRight
                      aria-hidden="true"
                      className="size-5 shrink-0 text-muted-foreground"
                    />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
