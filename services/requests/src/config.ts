import { z } from 'zod';
import { port, serviceEnv, timeZone } from '@radio/service-kit';

const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/ })))
  .transform((urls) => urls.map((url) => new URL(url).origin));

const requestsVariables = serviceEnv.extend({
  PORT: port.default(3102),
  /** Prometheus metrics (GET /metrics), apart from the API; `make up` sets it (lib.sh). */
  METRICS_PORT: port.default(9102),
  /** The built-in station's name in its now-playing answer. */
  STATION_NAME: z.string().trim().min(1).default('Radio Lokaal'),
  /** The built-in station's time zone (IANA name). */
  STATION_TZ: timeZone.default('Europe/Amsterdam'),
  /** The built-in station's library: a folder of audio files. Unset: an empty library. */
  LIBRARY_DIR: z.string().optional(),
  /**
   * The built-in station's request-only songs: listed and requestable like the library, never
   * played by Liquidsoap on its own. Unset: none.
   */
  REQUEST_LIBRARY_DIR: z.string().optional(),
  /**
   * Set when the built-in station runs: this service's address as the worker reaches it, e.g.
   * http://127.0.0.1:3102. An empty nonstop URL in dj_settings is then pointed at the built-in
   * station's now-playing endpoint there.
   */
  BUILT_IN_STATION_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The built-in station's own key, which Liquidsoap sends as X-API-Key (never the
   * INTERNAL_TOKEN). Stored in dj_settings at the start when it is not the one this service
   * took from its environment last time; the services check the stored one, which
   * scripts/rotate-station-key.sh replaces while they run. Required with BUILT_IN_STATION_URL.
   */
  STATION_API_KEY: z.string().min(16).optional(),
  /**
   * Origins on internal addresses (LAN, loopback) an admin may enter as a station source, e.g.
   * an AzuraCast at http://192.168.1.20. The built-in station and a source's stored address
   * need not be listed; any other internal address is refused by the source test.
   */
  PRIVATE_SOURCE_ORIGINS: originList.default([]),
  /**
   * The built-in station's Icecast on loopback (`make up` sets it): its listener count goes into
   * the station's now playing. Unset: 0 listeners.
   */
  ICECAST_PORT: port.optional(),
  /**
   * Where that Icecast answers when it is not on loopback (compose: http://icecast:8000). Wins
   * over ICECAST_PORT; unset: http://127.0.0.1:ICECAST_PORT.
   */
  ICECAST_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Deezer's public catalogue API (a fake in tests). */
  DEEZER_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.deezer.com'),
  /** How long a Deezer search or track lookup is answered from Redis. */
  DEEZER_CACHE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 7)
    .default(6),
  /** Deezer's gw-light.php, where an ARL is tested with the user-data call (a fake in tests). */
  DEEZER_GATEWAY_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://www.deezer.com/ajax/gw-light.php'),
  DEEZER_GATEWAY_TIMEOUT_SECONDS: z.coerce.number().positive().max(30).default(5),
  /**
   * A failed Deezer download is tried again after this long, each next try after twice as long
   * (5 tries in all, then the request is failed).
   */
  DEEZER_DOWNLOAD_RETRY_SECONDS: z.coerce.number().positive().max(3_600).default(10),
});

export const requestsEnv = requestsVariables.refine(
  (config) => !config.BUILT_IN_STATION_URL || config.STATION_API_KEY,
  { path: ['STATION_API_KEY'], message: 'is required with BUILT_IN_STATION_URL' },
);
export type RequestsConfig = z.output<typeof requestsEnv>;
