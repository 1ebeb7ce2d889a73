import type { RefObject } from 'react';
import { Check, Download, ExternalLink, Library, RotateCcw, X } from 'lucide-react';
import type { CloudUpload } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { cloudUploadStatusLabel } from '@/lib/cloud-upload-facts';
import { useAddCloudUploadToLibrary } from '../api/add-cloud-upload-to-library';
import { useUpdateCloudUploadStatus } from '../api/update-cloud-upload-status';
import { useDownloadInNewTab } from '../hooks/use-download-in-new-tab';
import { canDownload } from '../lib/cloud-upload-display';
import { focusNeighbour } from '../lib/focus-neighbour';

const updateFailed = (error: Error) =>
  toast({
    variant: 'destructive',
    title: 'Fout bij bijwerken',
    description: failureMessage(error),
  });

type UploadActionsProps = {
  upload: CloudUpload;
  name: string;
  libraryAvailable: boolean;
  /** The open tab lists one status, so a decision takes the card out of it. */
  leavesTabOnDecision: boolean;
  cardRef: RefObject<HTMLDivElement | null>;
};

/** The actions that fit the upload: approve or reject, download, add to the library, storage. */
export function UploadActions({
  upload,
  name,
  libraryAvailable,
  leavesTabOnDecision,
  cardRef,
}: UploadActionsProps) {
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
  const busy = update.isPending || download.isPending || addToLibrary.isPending;
  const libraryAction =
    libraryAvailable &&
    canDownload(upload) &&
    (upload.libraryStatus === null || upload.libraryStatus === 'failed');
  return (
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
        <Button variant="outline" disabled={busy} onClick={() => addToLibrary.mutate(upload.id)}>
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
  );
}
