import { formatDuration } from '@/lib/format-time';
import { useNow } from '@/lib/use-now';

/** How far the song is, counted on from the now-playing answer by the clock. */
export function SongProgress({
  elapsed,
  duration,
  receivedAt,
}: {
  elapsed: number;
  duration: number;
  receivedAt: number;
}) {
  const now = useNow();
  const position = Math.min(duration, Math.max(0, elapsed + (now - receivedAt) / 1000));
  return (
    <div className="grid gap-1.5" aria-hidden="true">
      <div className="h-1 overflow-hidden rounded-full bg-white/15">
        <div
          className="h-full rounded-full bg-orange-300 transition-[width] duration-1000 ease-linear"
          style={{ width: `${(position / duration) * 100}%` }}
        />
      </div>
      <div className="flex justify-between text-xs text-ink-foreground/65 tabular-nums">
        <span>{formatDuration(position)}</span>
        <span>{formatDuration(duration)}</span>
      </div>
    </div>
  );
}
