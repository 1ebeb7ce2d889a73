import { TriangleAlert } from 'lucide-react';
import type { CloudUpload } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { formatDateTime, formatMegabytes } from '@/lib/cloud-upload-facts';
import { fileTagsText, formatBitrate, formatLength } from '../lib/cloud-upload-display';
import { UploadFact as Fact } from './upload-fact';

/** What was sent: size, length, bitrate, file name, the file's own tags and who reviewed it. */
export function UploadFacts({ upload, timeZone }: { upload: CloudUpload; timeZone: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Fact label="Grootte">{formatMegabytes(upload.sizeBytes)}</Fact>
      <Fact label="Duur">{formatLength(upload.durationSeconds)}</Fact>
      <Fact label="Bitrate">
        {formatBitrate(upload.bitrateKbps)}
        {upload.lowBitrate && (
          <Badge className="border-transparent bg-amber-100 text-amber-900">
            <TriangleAlert aria-hidden="true" className="size-3" />
            Lage bitrate
          </Badge>
        )}
      </Fact>
      <Fact label="Bestand">
        <bdi className="wrap-anywhere">{upload.originalName}</bdi>
      </Fact>
      {upload.fileTags && (
        <Fact label="Tags in het bestand" wide>
          <bdi className="wrap-anywhere">{fileTagsText(upload.fileTags)}</bdi>
        </Fact>
      )}
      {upload.reviewedBy && (
        <Fact label="Beoordeeld" wide>
          <span>
            door {upload.reviewedBy}
            {upload.reviewedAt && (
              <>
                {' '}
                op{' '}
                <time dateTime={upload.reviewedAt}>
                  {formatDateTime(upload.reviewedAt, timeZone)}
                </time>
              </>
            )}
          </span>
        </Fact>
      )}
    </dl>
  );
}
