import { RadioTower } from 'lucide-react';
import type { AdminRequest } from '@radio/contracts';
import { STATION_STEP_LABELS, stationStepFailed } from '@/lib/station-steps';

/** Where the request stands at the station (queued, placed, failed with the station's note). */
export function StationFacts({ request }: { request: AdminRequest }) {
  if (!request.stationStep) return null;
  const failed = stationStepFailed(request.stationStep);
  return (
    <span
      className={
        failed
          ? 'flex items-start gap-1.5 text-sm font-medium text-destructive'
          : 'flex items-start gap-1.5 text-sm text-muted-foreground'
      }
    >
      <RadioTower aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Zender: {STATION_STEP_LABELS[request.stationStep]}
        {request.stationNote && <> — {request.stationNote}</>}
      </span>
    </span>
  );
}
