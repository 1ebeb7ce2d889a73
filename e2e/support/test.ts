import { test as base } from '@playwright/test';
import { sql } from './pages.ts';

export { expect } from '@playwright/test';

/**
 * The station settings every test starts from, whatever an earlier test changed or left behind
 * when it failed: requests on, nonstop, registration off, the library's name as installed, and
 * no limits that count across tests. Every test runs from 127.0.0.1, so the per-address limit is
 * high; requests of earlier tests would otherwise refuse a later one through the cooldowns.
 * A test that needs another setting sets it itself.
 */
async function stationDefaults(): Promise<void> {
  await sql(
    `update dj_settings set requests_enabled = true, broadcasting_mode = 'nonstop',
       registration_enabled = false, library_name = 'Nonstop Mix', max_requests_per_ip = 100,
       track_cooldown_hours = 0, artist_cooldown_hours = 0`,
  );
}

export const test = base.extend<{ stationDefaults: void }>({
  stationDefaults: [
    // Playwright reads a fixture's dependencies from this pattern: it needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await stationDefaults();
      await use();
    },
    { auto: true },
  ],
});
