import { useId, useRef } from 'react';
import type { CloudUpload } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cloudUploadStatusLabel, formatDateTime } from '@/lib/cloud-upload-facts';
import { LibraryState } from './library-state';
import { UploadActions } from './upload-actions';
import { UploadFacts } from './upload-facts';

const STATUS_BADGE: Record<CloudUpload['status'], string> = {
  pending: 'border-input bg-card text-foreground',
  approved: 'border-transparent bg-emerald-700 text-white',
  rejected: 'border-transparent bg-destructive text-destructive-foreground',
  downloaded: 'border-transparent bg-ink text-ink-foreground',
};

type UploadCardProps = {
  upload: CloudUpload;
  libraryAvailable: boolean;
  timeZone: string;
  /** The open tab lists one status, so a decision takes the card out of it. */
  leavesTabOnDecision: boolean;
};

/** One listener upload: what was sent, what the file says, a preview and the fitting actions. */
export function UploadCard({
  upload,
  libraryAvailable,
  timeZone,
  leavesTabOnDecision,
}: UploadCardProps) {
  const headingId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  const name = `${upload.artist} – ${upload.title}`;
  const hasActions = upload.status !== 'rejected' || upload.storageUrl !== null;

  return (
    <Card
      ref={cardRef}
      role="article"
      tabIndex={-1}
      aria-labelledby={headingId}
      className="grid gap-4 p-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:p-5"
      data-upload-id={upload.id}
    >
      {/* What the listener typed or named is isolated (bdi): its direction marks cannot turn the
          text around it. */}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h3 id={headingId} className="text-lg leading-snug font-bold break-words">
            <bdi>{upload.artist}</bdi> – <bdi>{upload.title}</bdi>
          </h3>
          <p className="text-sm text-muted-foreground">
            Ingestuurd door{' '}
            <bdi className="font-semibold text-foreground">{upload.submittedBy}</bdi> op{' '}
            <time dateTime={upload.uploadedAt}>{formatDateTime(upload.uploadedAt, timeZone)}</time>
          </p>
        </div>
        <Badge className={STATUS_BADGE[upload.status]}>
          {cloudUploadStatusLabel(upload.status)}
        </Badge>
      </div>

      {upload.message && (
        <blockquote className="border-l-4 border-accent pl-3 text-sm text-pretty break-words">
          “<bdi>{upload.message}</bdi>”
        </blockquote>
      )}

      <UploadFacts upload={upload} timeZone={timeZone} />

      <audio
        controls
        preload="none"
        src={`/api/cloud-uploads/${upload.id}/audio`}
        aria-label={`Voorbeeld: ${name}`}
        className="w-full"
      />

      {(libraryAvailable || upload.libraryStatus !== null) && <LibraryState upload={upload} />}

      {hasActions && (
        <UploadActions
          upload={upload}
          name={name}
          libraryAvailable={libraryAvailable}
          leavesTabOnDecision={leavesTabOnDecision}
          cardRef={cardRef}
        />
      )}
    </Card>
  );
}
