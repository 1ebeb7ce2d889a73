import { Headphones, Radio } from 'lucide-react';
import { ComingSoon, Page } from '@/components/ui/page';

export function ListenPage() {
  return (
    <Page
      title="Luisteren"
      icon={Headphones}
      description="Luister live mee in je browser, of open de stream in je eigen mediaspeler."
    >
      <ComingSoon icon={Radio} title="De livespeler komt hier">
        Binnenkort start je de uitzending hier met één klik, en vind je de directe streamlink voor
        je eigen speler.
      </ComingSoon>
    </Page>
  );
}
