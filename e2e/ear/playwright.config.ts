/**
 * The `ear` part of `make bench` (a measurement, not a test): the home page in Chromium playing
 * the built-in station's stream, its audio tapped with the Web Audio API; see ear.spec.ts. The
 * e2e global setup's stack (free ports, a temporary DATA_DIR) with short demo songs. Its figures
 * go to BENCH_EAR_FILE (JSON). Stack log: e2e/artifacts/ear-stack.log.
 */
import baseConfig from '../playwright.config.ts';
import { ownStackConfig } from '../support/own-stack-config.ts';
import { writeToneLibrary } from './tone-library.ts';

// The station plays tones of 10–14 s (tone-library.ts): twenty song changes in about four
// minutes, and the page can tell by the pitch which song it hears. (Made once: the config is
// read again by each worker process.)
process.env.E2E_LIBRARY ??= writeToneLibrary();
process.env.E2E_DEMO_TRACK_SECONDS ??= '12';

export default ownStackConfig('ear', {
  timeoutMinutes: 20,
  use: baseConfig.use,
  projects: baseConfig.projects,
});
