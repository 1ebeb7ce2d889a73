/**
 * The scale-out suite's setup: a request-only library of SCALE_TRACKS short songs, each by an
 * artist of its own (so the 20 parallel submits of one listener all ask for different tracks and
 * the load's submits rarely meet a cooldown), then the shared global setup, which starts the
 * native stack with REQUESTS_REPLICAS (set in the config) copies of the requests service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import globalSetup from '../support/global-setup.ts';
import { writeScaleLibrary } from './scale-library.ts';

export { SCALE_TRACKS, scaleArtist } from './scale-library.ts';

function requestOnlyLibrary(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'radio-scale-library-'));
  writeScaleLibrary(dir);
  return dir;
}

export default async function scaleSetup(): Promise<(() => Promise<void>) | undefined> {
  const library = requestOnlyLibrary();
  process.env.REQUEST_LIBRARY_DIR = library;
  try {
    const stop = await globalSetup();
    return async () => {
      await stop?.();
      rmSync(library, { recursive: true, force: true });
    };
  } catch (error) {
    rmSync(library, { recursive: true, force: true });
    throw error;
  }
}
