import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useStationInfo } from '@/lib/station-info';
import { useCloudUploads } from '../api/get-cloud-uploads';
import { UPLOAD_TABS, uploadsInTab, type UploadTab } from '../lib/cloud-upload-display';
import { UploadCard } from './upload-card';
import { UploadsLoading } from './uploads-loading';

/** The uploads of the open tab, or why there are none (loading, failed, empty). */
export function UploadsContent({ tab }: { tab: UploadTab }) {
  const list = useCloudUploads();
  const stationInfo = useStationInfo();
  const timeZone = stationInfo.data?.timeZone ?? 'Europe/Amsterdam';
  if (list.isPending) return <UploadsLoading />;
  if (list.isError) {
    return (
      <div role="alert" className="grid justify-items-center gap-3">
        <EmptyState className="w-full">De uploads kunnen nu niet worden geladen.</EmptyState>
        <Button variant="outline" onClick={() => void list.refetch()}>
          Opnieuw proberen
        </Button>
      </div>
    );
  }
  const uploads = uploadsInTab(list.data.uploads, tab);
  const empty = UPLOAD_TABS.find((entry) => entry.value === tab)?.empty;
  if (uploads.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="grid gap-4">
      {uploads.map((upload) => (
        <li key={upload.id}>
          <UploadCard
            upload={upload}
            libraryAvailable={list.data.libraryAvailable}
            timeZone={timeZone}
            leavesTabOnDecision={tab !== 'all'}
          />
        </li>
      ))}
    </ul>
  );
}
