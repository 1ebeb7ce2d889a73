import { CloudUpload, Inbox } from 'lucide-react';
import { ComingSoon, Page } from '@/components/ui/page';

export function CloudUploadsPage() {
  return (
    <Page
      title="Ingestuurde tracks"
      icon={CloudUpload}
      description="Beoordeel de nummers die luisteraars hebben ingestuurd."
    >
      <ComingSoon icon={Inbox} title="Moderatie komt hier">
        Binnenkort keur je hier ingestuurde tracks goed of af en download je ze voor de uitzending.
      </ComingSoon>
    </Page>
  );
}
