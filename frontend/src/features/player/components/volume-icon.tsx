import { Volume, Volume1, Volume2, VolumeX } from 'lucide-react';

/** The loudspeaker for the volume, with as many waves as it is loud. */
export function VolumeIcon({ percent }: { percent: number }) {
  const className = 'size-5';
  if (percent === 0) return <VolumeX aria-hidden="true" className={className} />;
  if (percent < 34) return <Volume aria-hidden="true" className={className} />;
  if (percent < 67) return <Volume1 aria-hidden="true" className={className} />;
  return <Volume2 aria-hidden="true" className={className} />;
}
