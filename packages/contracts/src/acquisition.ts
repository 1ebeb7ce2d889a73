/**
 * Redis key that says a worker can fetch Deezer tracks: every running worker with a downloader
 * (DEEZER_DOWNLOAD_COMMAND) sets it with this lifetime and renews it while it runs. Without it
 * (no downloader, or no worker running) Deezer results are not requestable.
 */
export const DEEZER_DOWNLOADER_KEY = 'acquisition:deezer-downloader';
export const DEEZER_DOWNLOADER_TTL_SECONDS = 60;
