import { z } from 'zod';

/** Icecast answers at once (loopback, or the compose network); a slower answer must not hold up now playing. */
const TIMEOUT_MS = 1_000;

const statusSchema = z.object({
  icestats: z.object({
    // One mount is an object, several an array; none: absent.
    source: z
      .union([z.array(z.unknown()), z.unknown()])
      .optional()
      .transform((value) => (value === undefined ? [] : [value].flat())),
  }),
});
const mountSchema = z.object({
  listenurl: z.string(),
  listeners: z.number().int().nonnegative().catch(0),
});

/**
 * The built-in station's Icecast mounts (station/icecast.xml.template): its listeners move to the
 * filler while Liquidsoap restarts.
 */
const STATION_MOUNTS = ['/radio.mp3', '/filler.mp3'];

/**
 * Listeners of the built-in station now, from Icecast's public status (its connections: Icecast
 * does not tell unique listeners). 0 when Icecast does not answer: nobody hears the stream then.
 */
export async function icecastListeners(
  icecastUrl: string,
  onError: (error: Error) => void,
): Promise<number> {
  try {
    const response = await fetch(new URL('/status-json.xsl', icecastUrl), {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Icecast status answered ${response.status}`);
    const { icestats } = statusSchema.parse(await response.json());
    let listeners = 0;
    for (const entry of icestats.source) {
      const mount = mountSchema.safeParse(entry);
      if (!mount.success) continue;
      const mountPath = URL.canParse(mount.data.listenurl)
        ? new URL(mount.data.listenurl).pathname
        : mount.data.listenurl;
      if (STATION_MOUNTS.includes(mountPath)) listeners += mount.data.listeners;
    }
    return listeners;
  } catch (error) {
    onError(error instanceof Error ? error : new Error(String(error)));
    return 0;
  }
}
