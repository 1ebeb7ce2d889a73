import type { $ZodConfig } from 'zod/v4/core';

declare global {
  var __zod_globalConfig: $ZodConfig | undefined;
}

// The gateway's CSP has no 'unsafe-eval'. Zod 4 compiles a fast object parser with
// `new Function` and probes for it on the first parse: the probe is caught, but the browser still
// reports a CSP violation (a console error in Firefox) on every page that parses a schema.
// `z.config({ jitless: true })` skips the probe and the compiled path. Zod reads it when a schema
// is built, so this module is the entry's first import, before any schema exists. It sets the
// object z.config() writes to (zod/v4/core/core.js keeps it on globalThis) instead of importing
// z.config: that import would move part of zod from the pages that parse into the first page's
// JavaScript. zod-config.test.ts holds zod to that object.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
