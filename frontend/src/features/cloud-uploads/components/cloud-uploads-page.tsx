import { useSearchParams } from 'react-router-dom';
import { CloudUpload } from 'lucide-react';
import { Page } from '@/components/ui/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCloudUploads } from '../api/get-cloud-uploads';
import { tabCounts, tabFromParam, UPLOAD_TABS } from '../lib/cloud-upload-display';
import { UploadsContent } from './uploads-content';

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
