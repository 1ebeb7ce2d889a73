import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTimeout } from './with-timeout.ts';

const CHECK_TIMEOUT_MS = 2_000;

const checkStatus = z.enum(['ok', 'failing']);
const readinessSchema = z.object({
  status: checkStatus,
  checks: z.object({ postgres: checkStatus, redis: checkStatus }),
});

async function passes(check: () => Promise<unknown>): Promise<'ok' | 'failing'> {
  try {
    await withTimeout(check(), CHECK_TIMEOUT_MS);
    return 'ok';
  } catch {
    return 'failing';
  }
}

/** Probes run every few seconds; their request lines would drown the useful logs. */
const PROBE_LOG_LEVEL = 'warn';

/** /healthz: the process is up. /readyz: it can reach Postgres and Redis (else 503). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      logLevel: PROBE_LOG_LEVEL,
      config: { access: 'public' },
      schema: { response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      logLevel: PROBE_LOG_LEVEL,
      config: { access: 'public' },
      schema: { response: { 200: readinessSchema, 503: readinessSchema } },
    },
    async (request, reply) => {
      const [postgres, redis] = await Promise.all([
        passes(() => sql`select 1`.execute(app.db)),
        passes(() => app.redis.ping()),
      ]);
      const ready = postgres === 'ok' && redis === 'ok';
      if (!ready) request.log.warn({ postgres, redis }, 'not ready');
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ok' : 'failing', checks: { postgres, redis } });
    },
  );
};
