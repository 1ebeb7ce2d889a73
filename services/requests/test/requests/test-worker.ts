/**
 * The real worker, started from its entry point as a process of its own, for the flow tests
 * that run it beside the requests service on one Postgres and Redis, with one of the worker's
 * own fake downloaders (services/worker/test/acquisition/fake-downloaders).
 */
import { fileURLToPath } from 'node:url';
import { startWorkerProcess, type ServiceProcess } from '@radio/testing';

const fakeDownloader = (name: 'writes-audio' | 'writes-nothing'): string =>
  fileURLToPath(
    new URL(`../../../worker/test/acquisition/fake-downloaders/${name}.sh`, import.meta.url),
  );

/** `downloader` writes a 386 s MP3 (or nothing) and records its arguments in `trace`. */
export function startTestWorker(options: {
  env: Record<string, string | undefined>;
  downloader: 'writes-audio' | 'writes-nothing';
  trace: string;
}): Promise<ServiceProcess> {
  return startWorkerProcess({
    ...options.env,
    DEEZER_DOWNLOAD_COMMAND: JSON.stringify([
      'bash',
      fakeDownloader(options.downloader),
      '{url}',
      '{outdir}',
      '{bitrate}',
      '{configdir}',
      options.trace,
      '386',
      'mp3',
    ]),
  });
}
