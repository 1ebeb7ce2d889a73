import { CalendarDays, ListMusic } from 'lucide-react';
import { ComingSoon, Page } from '@/components/ui/page';

export function PlaylistPage() {
  return (
    <Page
      title="Playlist"
      icon={ListMusic}
      description="Hoorde je net een mooi nummer? Zoek terug wat er gedraaid is, per dag en per uur."
    >
      <ComingSoon icon={CalendarDays} title="Het archief komt hier">
        Binnenkort kies je hier een dag en een uur en zie je precies welke nummers er te horen
        waren.
      </ComingSoon>
    </Page>
  );
}
