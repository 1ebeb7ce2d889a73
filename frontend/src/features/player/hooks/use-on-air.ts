import { displayArtist, displayTitle } from '@/lib/song-names';
import { useHeardNowPlaying } from './use-heard-now-playing';
import { useStationInfo } from '@/lib/station-info';

/** Not a station's name: the station's own name is configured once, on the server. */
const FALLBACK_STATION_TITLE = 'Lokale radio';

export type OnAirSong = { title: string; artist: string };

/**
 * What is on air as the listener hears it, with the names as listeners see them; polls now
 * playing while mounted (and the live stream is down).
 */
export function useOnAir() {
  const nowPlaying = useHeardNowPlaying();
  const stationInfo = useStationInfo();
  // The source's name first, else the configured one; a fallback title (spec section 8) once
  // neither answer knows one, '' while they load.
  const loading = nowPlaying.isPending || stationInfo.isPending;
  const stationName =
    nowPlaying.data?.station.name.trim() ||
    stationInfo.data?.name.trim() ||
    (loading ? '' : FALLBACK_STATION_TITLE);
  const current = nowPlaying.data?.now_playing;
  const song: OnAirSong | null = current
    ? { title: displayTitle(current.song.title), artist: displayArtist(current.song.artist) }
    : null;
  return { nowPlaying, stationInfo, stationName, song };
}
