import { MessageCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { STUDIO_CONTACT_URL } from '@/lib/config';
import { cn } from '@/lib/utils';

type StudioContactLinkProps = {
  className?: string;
  /** Classes of the visible text; the link keeps its accessible name when this hides it. */
  labelClassName?: string;
};

/** Opens the messaging app to chat with the studio. */
export function StudioContactLink({ className, labelClassName }: StudioContactLinkProps) {
  return (
    <Button asChild variant="outline" size="sm" className={cn(className)}>
      <a href={STUDIO_CONTACT_URL} target="_blank" rel="noopener noreferrer" title="App de studio">
        <MessageCircle aria-hidden="true" />
        <span className={labelClassName}>App de studio</span>
      </a>
    </Button>
  );
}
