import { z } from 'zod';
import { port, serviceEnv, timeZone } from '@radio/service-kit';

const publicUrl = z.url({ protocol: /^https?$/ });

export const playlistEnv = serviceEnv.extend({
  PORT: port.default(3103),
  /** Shown when the station source names no station. */
  STATION_NAME: z.string().trim().min(1).default('Radio Lokaal'),
  /** Days and hours of the archive are this zone's (IANA name). */
  STATION_TZ: timeZone.default('Europe/Amsterdam'),
  /** Unset: <PUBLIC_ORIGIN>/stream/radio.mp3 (the site's own scheme). */
  STREAM_URL: publicUrl.optional(),
  /** Unset: http://<host of PUBLIC_ORIGIN>/stream/radio.mp3. */
  STREAM_FALLBACK_URL: publicUrl.optional(),
  /** Unset: <PUBLIC_ORIGIN>/stream/radio.pls. */
  PLAYLIST_PLS_URL: publicUrl.optional(),
  /** Unset: <PUBLIC_ORIGIN>/stream/radio.m3u. */
  PLAYLIST_M3U_URL: publicUrl.optional(),
  /** Unset: none (''). */
  RADIO_DIRECTORY_URL: publicUrl.optional(),
  /** Unset: none (''). */
  STUDIO_CONTACT_URL: publicUrl.optional(),
});
export type PlaylistConfig = z.output<typeof playlistEnv>;
