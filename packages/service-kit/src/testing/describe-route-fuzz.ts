import { afterAll, beforeAll, expect, it } from 'vitest';
import { fuzzRoutes, type FuzzOptions } from './fuzz-routes.ts';
import { createTestApp, type BuildApp, type TestApp } from './test-app.ts';

/**
 * The fuzz test of one service: every route under hostile input, never a 5xx, every error a
 * `{message, code}` JSON body, within the time budget. Returns the app for extra cases.
 */
export function describeRouteFuzz(build: BuildApp, options: FuzzOptions = {}): () => TestApp {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(build);
  });
  afterAll(() => t.close());

  it('never answers a 5xx to hostile input, and every error is {message, code} JSON', async () => {
    const result = await fuzzRoutes(t, { budgetMs: 25_000, ...options });
    expect(result.failures).toEqual([]);
    expect(result.truncated).toBe(false);
    expect(result.calls).toBeGreaterThan(50);
  }, 60_000);

  return () => t;
}
