import { defineConfig } from '@playwright/test';
import { artifactsDir, prepareStackEnv } from './support/stack.ts';

// Debian's Chromium only: Playwright never downloads a browser here.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
prepareStackEnv();

export default defineConfig({
  testDir: './tests',
  outputDir: `${artifactsDir}/test-results`,
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1, // one stack, shared state (database) between tests
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['html', { outputFolder: `${artifactsDir}/report`, open: 'never' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // The live player's tests play the stream without waiting for a real user gesture.
        '--autoplay-policy=no-user-gesture-required',
        // The request page's voice recorder records Chromium's fake microphone (a beep), and
        // the permission prompt is answered yes.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
