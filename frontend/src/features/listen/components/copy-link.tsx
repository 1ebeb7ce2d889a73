import { useEffect, useId, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

const FEEDBACK_MS = 2500;

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies with the Clipboard API, or (plain-http sites have none) with the selected input. */
async function copyToClipboard(text: string, input: HTMLInputElement | null): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Not allowed here: try the old way.
    }
  }
  if (!input) return false;
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** A read-only link with a copy button that says whether copying worked. */
export function CopyLink({ value, label }: { value: string; label: string }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    const copied = await copyToClipboard(value, inputRef.current);
    setState(copied ? 'copied' : 'failed');
    if (!copied) inputRef.current?.select();
  }

  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={inputRef}
          id={inputId}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-sm sm:text-sm"
        />
        <Button type="button" onClick={() => void copy()} className="sm:w-36">
          {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {state === 'copied' ? 'Gekopieerd!' : 'Kopieer link'}
        </Button>
      </div>
      <p aria-live="polite" className="min-h-5 text-sm font-medium">
        {state === 'copied' && (
          <span className="text-emerald-700">De streamlink staat op je klembord.</span>
        )}
        {state === 'failed' && (
          <span className="text-destructive">
            Kopiëren lukte niet. De link is geselecteerd: kopieer hem zelf.
          </span>
        )}
      </p>
    </div>
  );
}
