import { MessageCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useStationInfo } from '@/lib/station-info';
import { cn } from '@/lib/utils';

type StudioContactLinkProps = {
  className?: string;
  /** Classes of the visible text; the link keeps its accessible name when this hides it. */
  labelClassName?: string;
};

/** Opens the messaging app to chat with the studio (the station's STUDIO_CONTACT_URL). */
export function StudioContactLink({ className, labelClassName }: StudioContactLinkProps) {
  const url = useStationInfo().data?.studioContactUrl;
  // Not configured (STUDIO_CONTACT_URL): no link rather than one to nowhere.
  if (!url) return null;
  return (
    <Button asChild variant="outline" size="sm" className={cn(className)}>
      <a href={url} target="_blank" rel="noopener noreferrer" title="App de studio">
        <MessageCircle aria-hidden="true" />
        <span className={labelClassName}>App de studio</span>
      </a>
    </Button>
  );
}
