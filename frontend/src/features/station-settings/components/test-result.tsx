import { CheckCircle2, XCircle } from 'lucide-react';
import type { SourceTestResult } from '@radio/contracts';

/** What a source test answered; an empty status region until there is an answer. */
export function TestResult({ id, result }: { id: string; result: SourceTestResult | undefined }) {
  if (!result) return <p id={id} role="status" className="sr-only" />;
  const Icon = result.ok ? CheckCircle2 : XCircle;
  return (
    <p
      id={id}
      role="status"
      className={`flex gap-2 text-sm break-words ${result.ok ? 'text-foreground' : 'font-medium text-destructive'}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0">{result.message}</span>
    </p>
  );
}
