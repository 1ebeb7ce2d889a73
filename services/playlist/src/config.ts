import { z } from 'zod';
import { port, serviceEnv, timeZone } from '@radio/service-kit';

const publicUrl = z.url({ protocol: /^https?$/ });

export const playlistEnv = serviceEnv.extend({
  PORT: port.default(3103),
  /** Prometheus metrics (GET /metrics), apart from the API; `make up` sets it (lib.sh). */
  METRICS_PORT: port.default(9103),
  /** The station's name on the site, and when the station source names none. */
  STATION_NAME: z.string().trim().min(1).default('Radio Lokaal'),
  /** Days and hours of the archive are this zone's (IANA name). */
  STATION_TZ: timeZone.default('Europe/Amsterdam'),
  /** Unset: /stream/radio.mp3 on the site itself (the gateway's built-in stream). */
  STREAM_URL: publicUrl.optional(),
  /** Unset: none (''); the player tries STREAM_URL only. */
  STREAM_FALLBACK_URL: publicUrl.optional(),
  /** Unset: /stream/radio.pls on the site itself. */
  PLAYLIST_PLS_URL: publicUrl.optional(),
  /** Unset: /stream/radio.m3u on the site itself. */
  PLAYLIST_M3U_URL: publicUrl.optional(),
  /** Unset: none (''). */
  RADIO_DIRECTORY_URL: publicUrl.optional(),
  /** The "App de studio" link on the site. Unset: none (''), the link is not shown. */
  STUDIO_CONTACT_URL: publicUrl.optional(),
});
export type PlaylistConfig = z.output<typeof playlistEnv>;
