import { Upload } from 'lucide-react';
import { ComingSoon, Page } from '@/components/ui/page';

export function UploadPage() {
  return (
    <Page
      title="Upload je Track"
      icon={Upload}
      description="Maak je zelf muziek? Stuur je nummer in en onze DJ's luisteren het graag."
    >
      <ComingSoon icon={Upload} title="Uploaden komt hier">
        Binnenkort kun je hier een audiobestand insturen, met artiest, titel en een bericht voor de
        DJ.
      </ComingSoon>
    </Page>
  );
}
