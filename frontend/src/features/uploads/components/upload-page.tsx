import { Upload } from 'lucide-react';
import { Page } from '@/components/ui/page';
import { useStationInfo } from '@/lib/station-info';
import { useMyUploads } from '../api/get-my-uploads';
import { MyUploads } from './my-uploads';
import { UploadForm } from './upload-form';
import { UploadGuidelines } from './upload-guidelines';

/** The page for a logged-in listener (the route asks for the login). */
export function UploadPage({ user }: { user: { name: string } }) {
  const stationInfo = useStationInfo();
  const mine = useMyUploads();
  return (
    <Page
      title="Upload je Track"
      icon={Upload}
      description="Maak je zelf muziek? Stuur je nummer in en onze DJ's luisteren het graag."
    >
      <div className="grid grid-cols-1 gap-10">
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
            <UploadForm displayName={user.name} />
          </div>
          <UploadGuidelines />
        </div>
        <MyUploads
          uploads={mine.data?.uploads}
          isError={mine.isError}
          timeZone={stationInfo.data?.timeZone ?? 'Europe/Amsterdam'}
        />
      </div>
    </Page>
  );
}
