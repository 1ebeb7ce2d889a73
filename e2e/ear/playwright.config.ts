/**
 * The `ear` part of `make bench` (a measurement, not a test): the home page in Chromium playing
 * the built-in station's stream, its audio tapped with the Web Audio API; see ear.spec.ts. The
 * e2e global setup's stack (free ports, a temporary DATA_DIR) with short demo songs. Its figures
 * go to BENCH_EAR_FILE (JSON). Stack log: e2e/artifacts/ear-stack.log.
 */
import { defineConfig } from '@playwright/test';
import baseConfig from '../playwright.config.ts';
import { artifactsDir, prepareStackEnv } from '../support/stack.ts';
import { writeToneLibrary } from './tone-library.ts';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
// The station plays tones of 10–14 s (tone-library.ts): twenty song changes in about four
// minutes, and the page can tell by the pitch which song it hears. (Made once: the config is
// read again by each worker process.)
process.env.E2E_LIBRARY ??= writeToneLibrary();
process.env.E2E_DEMO_TRACK_SECONDS ??= '12';
process.env.E2E_STACK_LOG = 'ear-stack.log';
prepareStackEnv();

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: `${artifactsDir}/ear-results`,
  globalSetup: '../support/global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 20 * 60_000,
  reporter: [['list']],
  use: baseConfig.use,
  projects: baseConfig.projects,
});
