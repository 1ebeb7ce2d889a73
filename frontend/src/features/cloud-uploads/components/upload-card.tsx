import { useId, useRef, type ReactNode } from 'react';
import { Check, Download, ExternalLink, Library, RotateCcw, TriangleAlert, X } from 'lucide-react';
import type { CloudUpload } from '@radio/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { cloudUploadStatusLabel, formatDateTime, formatMegabytes } from '@/lib/cloud-upload-facts';
import { cn } from '@/lib/utils';
import { useAddCloudUploadToLibrary } from '../api/add-cloud-upload-to-library';
import { useDownloadCloudUpload } from '../api/download-cloud-upload';
import { useUpdateCloudUploadStatus } from '../api/update-cloud-upload-status';
import { canDownload, formatBitrate, formatLength } from '../lib/cloud-upload-display';

const STATUS_BADGE: Record<CloudUpload['status'], string> = {
  pending: 'border-input bg-card text-foreground',
  approved: 'border-transparent bg-emerald-700 text-white',
  rejected: 'border-transparent bg-destructive text-destructive-foreground',
  downloaded: 'border-transparent bg-ink text-ink-foreground',
};

/** What the file's own tags say, e.g. "De Dijk – Mag het licht uit (Niemand in de stad)". */
function fileTagsText(tags: NonNullable<CloudUpload['fileTags']>): string {
  const name = [tags.artist, tags.title].filter(Boolean).join(' – ');
  return tags.album ? `${name} (${tags.album})`.trim() : name;
}

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('grid min-w-0 content-start gap-0.5', wide && 'col-span-2')}>
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm wrap-anywhere">
        {children}
      </dd>
    </div>
  );
}

/** Where adding the upload to the station library stands, read aloud when it changes. */
function LibraryState({ upload }: { upload: CloudUpload }) {
  let content: ReactNode = null;
  if (upload.libraryStatus === 'queued') {
    content = (
      <span className="inline-flex items-center gap-2">
        <Spinner />
        In wachtrij voor de bibliotheek
      </span>
    );
  } else if (upload.libraryStatus === 'added') {
    content = (
      <span className="inline-flex flex-wrap items-center gap-x-2">
        <Library aria-hidden="true" className="size-4 shrink-0" />
        In de bibliotheek:
        <span className="font-mono text-xs wrap-anywhere">{upload.libraryPath}</span>
      </span>
    );
  } else if (upload.libraryStatus === 'failed') {
    content = (
      <span className="text-destructive">
        Mislukt: {upload.libraryError ?? 'het nummer kon niet worden toegevoegd.'}
      </span>
    );
  }
  return (
    <p aria-live="polite" className={cn('text-sm', !content && 'sr-only')}>
      {content}
    </p>
  );
}

/**
 * Opens the download in a new tab. The tab is opened at the click (a popup blocker allows that
 * only then) and sent to the link once the server gives it; without a tab the page goes there
 * itself, which downloads without leaving it (the link is an attachment).
 */
function useDownloadInNewTab(upload: CloudUpload) {
  const download = useDownloadCloudUpload();
  return {
    isPending: download.isPending,
    start: () => {
      const tab = window.open('', '_blank');
      if (tab) tab.opener = null;
      download.mutate(upload.id, {
        onSuccess: (url) => {
          if (tab) tab.location.href = url;
          else window.location.assign(url);
          toast({
            title: 'Download gestart',
            description: `${upload.originalName} wordt gedownload.`,
          });
        },
        onError: (error) => {
          tab?.close();
          toast({
            variant: 'destructive',
            title: 'Download mislukt',
            description: failureMessage(error),
          });
        },
      });
    },
  };
}

const updateFailed = (error: Error) =>
  toast({
    variant: 'destructive',
    title: 'Fout bij bijwerken',
    description: failureMessage(error),
  });

/**
 * A decided card leaves its tab: the keyboard goes on at the next card (or the one before, or
 * the tab's panel) instead of falling back to the top of the page.
 */
function focusNeighbour(card: HTMLElement | null) {
  const item = card?.closest('li');
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  const target =
    neighbour?.querySelector<HTMLElement>('[role="article"]') ??
    card?.closest<HTMLElement>('[role="tabpanel"]');
  target?.focus();
}

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
  const update = useUpdateCloudUploadStatus({
    mutationConfig: {
      onSuccess: (changed) => {
        if (leavesTabOnDecision) focusNeighbour(cardRef.current);
        toast({
          title: 'Status bijgewerkt',
          description: `${name} is ${cloudUploadStatusLabel(changed.status).toLowerCase()}.`,
        });
      },
      onError: updateFailed,
    },
  });
  const download = useDownloadInNewTab(upload);
  const addToLibrary = useAddCloudUploadToLibrary({ mutationConfig: { onError: updateFailed } });
  const hasActions = upload.status !== 'rejected' || upload.storageUrl !== null;
  const busy = update.isPending || download.isPending || addToLibrary.isPending;
  const libraryAction =
    libraryAvailable &&
    canDownload(upload) &&
    (upload.libraryStatus === null || upload.libraryStatus === 'failed');

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

      <audio
        controls
        preload="none"
        src={`/api/cloud-uploads/${upload.id}/audio`}
        aria-label={`Voorbeeld: ${name}`}
        className="w-full"
      />

      {(libraryAvailable || upload.libraryStatus !== null) && <LibraryState upload={upload} />}

      {hasActions && (
        <div className="flex flex-wrap gap-2">
          {upload.status === 'pending' && (
            <>
              <Button
                disabled={busy}
                onClick={() => update.mutate({ id: upload.id, status: 'approved' })}
              >
                <Check aria-hidden="true" />
                Goedkeuren
              </Button>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => update.mutate({ id: upload.id, status: 'rejected' })}
              >
                <X aria-hidden="true" />
                Afwijzen
              </Button>
            </>
          )}
          {canDownload(upload) && (
            <Button
              variant={upload.status === 'approved' ? 'default' : 'outline'}
              disabled={busy}
              onClick={download.start}
            >
              {download.isPending ? <Spinner /> : <Download aria-hidden="true" />}
              {upload.status === 'downloaded' ? 'Opnieuw downloaden' : 'Downloaden'}
            </Button>
          )}
          {libraryAction && (
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => addToLibrary.mutate(upload.id)}
            >
              {upload.libraryStatus === 'failed' ? (
                <RotateCcw aria-hidden="true" />
              ) : (
                <Library aria-hidden="true" />
              )}
              {upload.libraryStatus === 'failed' ? 'Opnieuw proberen' : 'Toevoegen aan bibliotheek'}
            </Button>
          )}
          {upload.storageUrl && (
            <Button asChild variant="ghost">
              <a href={upload.storageUrl} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" />
                Bekijk in opslag
              </a>
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
