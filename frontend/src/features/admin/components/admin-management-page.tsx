import { Settings, SlidersHorizontal } from 'lucide-react';
import { ComingSoon, Page } from '@/components/ui/page';

export function AdminManagementPage() {
  return (
    <Page
      title="Beheer"
      icon={SlidersHorizontal}
      description="Gebruikers, verzoekjes, de playlist en de instellingen van het station."
    >
      <ComingSoon icon={Settings} title="Het beheerpaneel komt hier">
        Binnenkort beheer je hier gebruikers en hun limieten, verzoekjes, de automatische playlist
        en de systeeminstellingen.
      </ComingSoon>
    </Page>
  );
}
