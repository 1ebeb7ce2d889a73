import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';

type PageProps = {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  className?: string;
  children?: ReactNode;
};

/** A routed page: its title names the browser tab and heads the content. */
function Page({ title, description, icon: Icon, className, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={cn('mx-auto w-full max-w-6xl', className)}>
      <header className="mb-8 flex items-start gap-4">
        {Icon && (
          <span className="mt-1 hidden size-12 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground sm:inline-flex">
            <Icon aria-hidden="true" className="size-6" />
          </span>
        )}
        <div className="grid gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            {title}
          </h1>
          {description && (
            <p className="max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
              {description}
            </p>
          )}
        </div>
      </header>
      {children}
    </div>
  );
}

export { Page };
