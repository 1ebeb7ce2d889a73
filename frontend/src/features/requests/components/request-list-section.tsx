import type { ReactNode } from 'react';

/** One list of the requests page, named by its title. */
export function RequestListSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid content-start gap-3">
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}
