import { type ReactNode } from 'react';
import { type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A large button of the voice recorder (record, pause, stop, play, delete). */
export function RecorderButton({
  icon: Icon,
  onClick,
  primary = false,
  children,
}: {
  icon: LucideIcon;
  onClick: () => void;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="button" variant={primary ? 'default' : 'outline'} size="lg" onClick={onClick}>
      <Icon aria-hidden="true" />
      {children}
    </Button>
  );
}
