import { Link } from 'react-router-dom';
import { CloudUpload, Settings, SlidersHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ComingSoon, Page } from '@/components/ui/page';

export function AdminManagementPage() {
  return (
    <Page
      title="Beheer"
      icon={SlidersHorizontal}
      description="Gebruikers, verzoekjes, de playlist en de instellingen van het station."
    >
      <Button asChild variant="outline" className="mb-6">
        <Link to="/cloud-uploads">
          <CloudUpload aria-hidden="true" />
          Ingestuurde tracks beoordelen
        </Link>
      </Button>
      <ComingSoon icon={Settings} title="Het beheerpaneel komt hier">
        Binnenkort beheer je hier gebruikers en hun limieten, verzoekjes, de automatische playlist
        en de systeeminstellingen.
      </ComingSoon>
    </Page>
  );
}
