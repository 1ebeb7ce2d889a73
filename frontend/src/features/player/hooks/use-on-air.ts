import { STATION_NAME } from '@/lib/config';
import { displayArtist, displayTitle } from '@/lib/song-names';
import { useNowPlaying } from '../api/get-now-playing';
import { useStationInfo } from '../api/get-station-info';

export type OnAirSong = { title: string; artist: string };

/** What is on air, with the names as listeners see them; polls now playing while mounted. */
export function useOnAir() {
  const nowPlaying = useNowPlaying();
  const stationInfo = useStationInfo();
  // The fallback station title when neither answer knows one (spec section 8).
  const stationName =
    nowPlaying.data?.station.name.trim() || stationInfo.data?.name.trim() || STATION_NAME;
  const current = nowPlaying.data?.now_playing;
  const song: OnAirSong | null = current
    ? { title: displayTitle(current.song.title), artist: displayArtist(current.song.artist) }
    : null;
  return { nowPlaying, stationInfo, stationName, song };
}
