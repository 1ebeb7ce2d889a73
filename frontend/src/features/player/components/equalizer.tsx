import { cn } from '@/lib/utils';

/** Bouncing bars: the stream is playing. */
export function Equalizer({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cn('flex h-3.5 items-end gap-0.5', className)}>
      {[0, 1, 2, 3].map((bar) => (
        <span
          key={bar}
          className="animate-equalizer w-0.75 rounded-full bg-orange-300"
          style={{ animationDelay: `${bar * -0.27}s` }}
        />
      ))}
    </span>
  );
}
