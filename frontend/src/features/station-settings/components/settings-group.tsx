import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A titled section of the settings form. */
export function SettingsGroup({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4 border-t pt-4 first:border-t-0 first:pt-0">
      <h3 id={id} className="flex items-center gap-2 text-base font-bold">
        <Icon aria-hidden="true" className="size-5 text-primary" />
        {title}
      </h3>
      {children}
    </section>
  );
}
