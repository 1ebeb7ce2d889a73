import type { ReactNode } from 'react';

/** In place of a link the station does not have (or could not load). */
export function Unavailable({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground">{children}</p>;
}
