/**
 * `make test-backup`: `make backup` of a running native stack (the e2e global setup's: free
 * ports, a temporary DATA_DIR) with users, a request, plays, a voice message and an upload added
 * to the library, then `make restore` into a fresh data folder, a second stack started on it, and
 * the same data found there; see backup-restore.spec.ts. Stack logs: e2e/artifacts/backup-*.log.
 */
import { defineConfig } from '@playwright/test';
import { artifactsDir, prepareStackEnv } from '../support/stack.ts';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
// Short songs, so plays are in the history within seconds.
process.env.E2E_DEMO_TRACK_SECONDS ??= '8';
process.env.E2E_STACK_LOG = 'backup-stack.log';
process.env.INGEST_INTERVAL_SECONDS = '3';
prepareStackEnv();

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: `${artifactsDir}/backup-results`,
  globalSetup: '../support/global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 6 * 60_000,
  reporter: [['list']],
});
