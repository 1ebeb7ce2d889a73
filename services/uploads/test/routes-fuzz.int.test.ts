import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fuzzRoutes, type TestApp } from '@radio/service-kit/testing';
import { buildUploadsApp } from './build.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildUploadsApp);
});
afterAll(() => t.close());

describe('every uploads route under hostile input', () => {
  it('never answers a 5xx, and every error is {message, code} JSON', async () => {
    const result = await fuzzRoutes(t, { budgetMs: 25_000 });
    expect(result.failures).toEqual([]);
    expect(result.truncated).toBe(false);
    expect(result.calls).toBeGreaterThan(50);
  }, 60_000);
});
