/**
 * `make test-scale`: the scale-out suite. Starts its own native stack like the e2e run (free
 * ports, a temporary DATA_DIR) with REQUESTS_REPLICAS copies of the requests service behind the
 * gateway; see scale.spec.ts. Its stack log is e2e/artifacts/scale-stack.log.
 */
import { defineConfig } from '@playwright/test';
import { artifactsDir, prepareStackEnv } from '../support/stack.ts';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
process.env.REQUESTS_REPLICAS = '3';
process.env.E2E_DEMO_TRACK_SECONDS ??= '8';
process.env.E2E_STACK_LOG = 'scale-stack.log';
prepareStackEnv();

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: `${artifactsDir}/scale-results`,
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 3 * 60_000,
  reporter: [['list']],
});
