import { useMediaSessionMetadata } from '../hooks/use-media-session';
import { useOnAir } from '../hooks/use-on-air';

/** Tells the lock screen what plays; mounted only while the stream is on. */
export function MediaSessionMetadata() {
  const { song, stationName } = useOnAir();
  useMediaSessionMetadata({
    title: song?.title ?? stationName,
    artist: song?.artist ?? '',
    album: stationName,
  });
  return null;
}
