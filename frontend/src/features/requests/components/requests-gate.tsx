import { type ReactNode } from 'react';
import { type LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

/** A card in place of the request form: why it cannot be used now (say log in first). */
export function RequestsGate({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h2 className="text-xl font-bold">{title}</h2>
      {children}
    </Card>
  );
}
