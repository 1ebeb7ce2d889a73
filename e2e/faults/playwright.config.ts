/**
 * `make test-faults`: the fault suite. Starts its own native stack like the e2e run (the same
 * global setup: free ports, a temporary DATA_DIR) and kills its processes under light load; see
 * faults.spec.ts. Its stack log is e2e/artifacts/faults-stack.log.
 */
import { defineConfig } from '@playwright/test';
import { artifactsDir, prepareStackEnv } from '../support/stack.ts';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
// Short songs (6.4–9.6 s), so tracks change, and are reported, during every outage.
process.env.E2E_DEMO_TRACK_SECONDS ??= '8';
process.env.E2E_STACK_LOG = 'faults-stack.log';
// Passed on to the stack by the global setup: rotate small logs often, so the suite sees it.
process.env.LOG_MAX_BYTES = '20000';
process.env.LOG_CHECK_SECONDS = '3';
process.env.INGEST_INTERVAL_SECONDS = '5';
prepareStackEnv();

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: `${artifactsDir}/faults-results`,
  globalSetup: '../support/global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 8 * 60_000,
  reporter: [['list']],
});
