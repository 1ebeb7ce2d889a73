import type { OnAirSong } from '../hooks/use-on-air';

/** The song on air, or the station's name while none is known. */
export function CurrentSong({
  song,
  stationName,
}: {
  song: OnAirSong | null;
  stationName: string;
}) {
  return (
    <div role="group" aria-label="Nu te horen" className="grid min-w-0 gap-1">
      <p className="line-clamp-2 text-xl leading-tight font-extrabold tracking-tight text-balance sm:text-2xl">
        {song?.title ?? stationName}
      </p>
      <p className="truncate text-base text-ink-foreground/80">{song?.artist ?? 'Live radio'}</p>
    </div>
  );
}
