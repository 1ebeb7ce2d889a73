import { CloudDownload, Library, TriangleAlert } from 'lucide-react';
import type { AdminRequest } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { DOWNLOAD_LABELS } from '../lib/request-facts';
import { StationFacts } from './station-facts';

/** Where the track comes from: the library, or Deezer with how its download stands. */
export function SourceFacts({ request }: { request: AdminRequest }) {
  if (request.source === 'local') {
    return (
      <div className="grid gap-1 text-sm">
        <span className="flex items-center gap-1.5 text-muted-foreground">
          <Library aria-hidden="true" className="size-4" />
          Bibliotheek
        </span>
        <StationFacts request={request} />
      </div>
    );
  }
  const failed = request.downloadStatus === 'failed';
  return (
    <div className="grid gap-1 text-sm">
      <span className="flex flex-wrap items-center gap-1.5">
        <CloudDownload aria-hidden="true" className="size-4 text-muted-foreground" />
        Deezer
        {DOWNLOAD_LABELS[request.downloadStatus] && (
          <Badge
            variant={failed ? undefined : 'outline'}
            className={
              failed ? 'border-transparent bg-destructive text-destructive-foreground' : undefined
            }
          >
            {DOWNLOAD_LABELS[request.downloadStatus]}
          </Badge>
        )}
      </span>
      {failed && request.downloadError && (
        <span className="flex items-start gap-1.5 font-medium text-destructive">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {request.downloadError}
        </span>
      )}
      <StationFacts request={request} />
    </div>
  );
}
