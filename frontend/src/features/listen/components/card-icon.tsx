import type { LucideIcon } from 'lucide-react';

/** A listening card's icon in its round badge. */
export function CardIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}
