import { expect, it } from 'vitest';
import './zod-config';
import { z } from 'zod';

it('turns zod jitless before any schema is built: no eval probe under the CSP', () => {
  expect(z.config().jitless).toBe(true);
});
