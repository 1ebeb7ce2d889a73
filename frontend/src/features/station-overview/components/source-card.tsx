import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { AdminOverview } from '@radio/contracts';
import { clockOf, KIND_LABELS, MODE_LABELS } from '../lib/overview-display';
import { OverviewCard } from './overview-card';

/** The station source: its mode and kind, its last good poll, and a warning when it is stale. */
export function SourceCard({ overview, timeZone }: { overview: AdminOverview; timeZone: string }) {
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
