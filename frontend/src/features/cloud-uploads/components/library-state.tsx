import type { ReactNode } from 'react';
import { Library } from 'lucide-react';
import type { CloudUpload } from '@radio/contracts';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

/** Where adding the upload to the station library stands, read aloud when it changes. */
export function LibraryState({ upload }: { upload: CloudUpload }) {
  let content: ReactNode = null;
  if (upload.libraryStatus === 'queued') {
    content = (
      <span className="inline-flex items-center gap-2">
        <Spinner />
        In wachtrij voor de bibliotheek
      </span>
    );
  } else if (upload.libraryStatus === 'added') {
    content = (
      <span className="inline-flex flex-wrap items-center gap-x-2">
        <Library aria-hidden="true" className="size-4 shrink-0" />
        In de bibliotheek:
        <span className="font-mono text-xs wrap-anywhere">{upload.libraryPath}</span>
      </span>
    );
  } else if (upload.libraryStatus === 'failed') {
    content = (
      <span className="text-destructive">
        Mislukt: {upload.libraryError ?? 'het nummer kon niet worden toegevoegd.'}
      </span>
    );
  }
  return (
    <p aria-live="polite" className={cn('text-sm', !content && 'sr-only')}>
      {content}
    </p>
  );
}
