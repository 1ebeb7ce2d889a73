import { Music } from 'lucide-react';
import { Page } from '@/components/ui/page';
import { RequestsContent, type RequestsContentProps } from './requests-content';

export function RequestsPage(props: RequestsContentProps) {
  return (
    <Page
      title="Muziek Verzoekjes"
      icon={Music}
      description="Vraag je favoriete nummer aan en laat de DJ weten voor wie het is."
    >
      <RequestsContent {...props} />
    </Page>
  );
}
