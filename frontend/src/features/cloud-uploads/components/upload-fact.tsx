import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** One fact of an upload in its card's description list. */
export function UploadFact({
  label,
  children,
  wide,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={cn('grid min-w-0 content-start gap-0.5', wide && 'col-span-2')}>
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm wrap-anywhere">
        {children}
      </dd>
    </div>
  );
}
