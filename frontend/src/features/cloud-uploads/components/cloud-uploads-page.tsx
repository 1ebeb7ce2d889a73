import { useSearchParams } from 'react-router-dom';
import { CloudUpload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useStationInfo } from '@/lib/station-info';
import { useCloudUploads } from '../api/get-cloud-uploads';
import {
  tabCounts,
  tabFromParam,
  UPLOAD_TABS,
  uploadsInTab,
  type UploadTab,
} from '../lib/cloud-upload-display';
import { UploadCard } from './upload-card';

function Loading() {
  return (
    <div role="status" aria-label="Laden" className="grid gap-3">
      <Skeleton className="h-64" />
      <Skeleton className="h-64" />
    </div>
  );
}

function UploadsContent({ tab }: { tab: UploadTab }) {
  const list = useCloudUploads();
  const stationInfo = useStationInfo();
  const timeZone = stationInfo.data?.timeZone ?? 'Europe/Amsterdam';
  if (list.isPending) return <Loading />;
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

/** The admin's moderation of listener uploads, one tab per status (the tab is in ?status=). */
export function CloudUploadsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromParam(searchParams.get('status'));
  const list = useCloudUploads();
  const counts = list.data ? tabCounts(list.data.uploads) : null;

  return (
    <Page
      title="Ingestuurde tracks"
      icon={CloudUpload}
      description="Beluister de nummers die luisteraars hebben ingestuurd, keur ze goed of af en download ze voor de uitzending."
    >
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams({ status: tabFromParam(value) }, { replace: true })
        }
      >
        <TabsList
          aria-label="Uploads per status"
          className="flex h-auto w-full flex-wrap justify-start gap-1 sm:w-auto"
        >
          {UPLOAD_TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value} className="flex-none grow sm:grow-0">
              {label}{' '}
              <span className="rounded-full bg-background px-2 py-0.5 text-xs tabular-nums">
                {counts ? counts[value] : '–'}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        {UPLOAD_TABS.map(({ value }) => (
          <TabsContent key={value} value={value}>
            <UploadsContent tab={value} />
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}
