import type { OwnRequest } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { STATION_STEP_LABELS, stationStepFailed } from '@/lib/station-steps';
import { dayAndClockOf } from '../lib/request-display';
import { requestStage } from '../lib/request-stage';

type OwnRequestItemProps = { request: OwnRequest; heardNow: number; timeZone: string };

/** One of the listener's own requests: its stage, when asked and played, message, station step. */
export function OwnRequestItem({ request, heardNow, timeZone }: OwnRequestItemProps) {
  return (
    <li className="grid gap-1 rounded-lg border bg-card p-3 text-sm">
      <span className="flex items-start justify-between gap-2">
        <span className="min-w-0">
          <span className="block truncate font-semibold">{request.title}</span>
          <span className="block truncate text-muted-foreground">{request.artist}</span>
        </span>
        <Badge variant="outline">{requestStage(request, heardNow)}</Badge>
      </span>
      <span className="text-xs text-muted-foreground">
        Aangevraagd:{' '}
        <time dateTime={request.requestedAt}>{dayAndClockOf(request.requestedAt, timeZone)}</time>
        {request.playedAt && (
          <>
            {' · '}Gedraaid:{' '}
            <time dateTime={request.playedAt}>{dayAndClockOf(request.playedAt, timeZone)}</time>
          </>
        )}
      </span>
      {request.message && <span className="text-pretty">“{request.message}”</span>}
      {request.stationStep && (
        <span
          className={
            stationStepFailed(request.stationStep)
              ? 'text-xs font-medium text-destructive'
              : 'text-xs text-muted-foreground'
          }
        >
          Zender: {STATION_STEP_LABELS[request.stationStep]}
          {stationStepFailed(request.stationStep) && request.stationNote && (
            <> ({request.stationNote})</>
          )}
        </span>
      )}
      {request.voicetrackUrl && (
        <span className="text-xs text-muted-foreground">Met ingesproken bericht</span>
      )}
    </li>
  );
}
