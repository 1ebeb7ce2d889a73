import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Served by every service on its own port; the gateway does not route it. */
export const OPENAPI_PATH = '/openapi.json';

export async function registerOpenApi(app: FastifyInstance, serviceName: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `Radio ${serviceName} service`, version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });
}

export const openApiRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    OPENAPI_PATH,
    {
      config: { access: 'public' },
      schema: { hide: true, response: { 200: z.record(z.string(), z.unknown()) } },
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
};
