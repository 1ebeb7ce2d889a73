import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { artifactsDir, prepareStackEnv } from './stack.ts';

/**
 * The Playwright config of a suite that starts its own native stack like the e2e run (the global
 * setup: free ports, a temporary DATA_DIR) and runs its tests one at a time: its stack log is
 * e2e/artifacts/<name>-stack.log, its results e2e/artifacts/<name>-results. Set the stack's other
 * variables in process.env before calling it.
 */
export function ownStackConfig(
  name: string,
  {
    timeoutMinutes,
    globalSetup = '../support/global-setup.ts',
    ...rest
  }: { timeoutMinutes: number } & PlaywrightTestConfig,
): PlaywrightTestConfig {
  process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
  process.env.E2E_STACK_LOG = `${name}-stack.log`;
  prepareStackEnv();
  return defineConfig({
    testDir: '.',
    testMatch: '*.spec.ts',
    outputDir: `${artifactsDir}/${name}-results`,
    globalSetup,
    workers: 1,
    retries: 0,
    timeout: timeoutMinutes * 60_000,
    reporter: [['list']],
    ...rest,
  });
}
