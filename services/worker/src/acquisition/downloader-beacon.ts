import type { Redis } from 'ioredis';
import { DEEZER_DOWNLOADER_KEY, DEEZER_DOWNLOADER_TTL_SECONDS } from '@radio/contracts';

/**
 * Tells the requests service that this worker can fetch Deezer tracks, for as long as it runs:
 * the key is renewed at a third of its lifetime. Returns the stop function.
 */
export function startDownloaderBeacon(redis: Redis, onError: (error: unknown) => void): () => void {
  const beat = (): void => {
    redis.set(DEEZER_DOWNLOADER_KEY, '1', 'EX', DEEZER_DOWNLOADER_TTL_SECONDS).catch(onError);
  };
  beat();
  const timer = setInterval(beat, (DEEZER_DOWNLOADER_TTL_SECONDS * 1000) / 3);
  timer.unref();
  return () => clearInterval(timer);
}
