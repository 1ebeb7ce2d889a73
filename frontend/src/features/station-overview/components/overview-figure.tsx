import type { ReactNode } from 'react';

/** A card's big number, with what it counts beside it. */
export function OverviewFigure({ value, children }: { value: string; children?: ReactNode }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className="text-3xl font-bold tabular-nums">{value}</span>
      {children}
    </p>
  );
}
