import { expect, test } from '../support/test.ts';
import { adminCredentials } from '../support/stack.ts';

// Proves the harness: the native stack runs, the gateway serves the SPA and routes /api.

test("the home page answers with the station's title", async ({ page, request }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  // The name is configured once (STATION_NAME) and served at runtime by station info.
  const { name } = (await (await request.get('/api/station-info')).json()) as { name: string };
  expect(name).toBe('Radio Lokaal');
  await expect(page).toHaveTitle('Radio Lokaal · Jouw lokale radio');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Radio Lokaal' })).toBeVisible();
});

test('an unknown API path answers the JSON 404 of the gateway', async ({ request }) => {
  const response = await request.get('/api/does-not-exist');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ message: 'Niet gevonden', code: 'NOT_FOUND' });
});

test('the admin account of the harness can log in', async ({ request }) => {
  const response = await request.post('/api/auth/login', { data: adminCredentials() });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ email: adminCredentials().email, role: 'admin' });
});
