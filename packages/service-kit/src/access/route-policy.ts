import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { errorBodySchema } from '@radio/contracts';
import { guards, type Access } from './guards.ts';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** The route's input schemas (zod), for tests that generate inputs. */
  schema: Pick<FastifySchema, 'body' | 'querystring' | 'params'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the service with its access, in registration order (for tests and docs). */
    routeTable: RouteEntry[];
  }
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Checks every route as it is added: it must declare its access and its response schema. Adds
 * the access guard as the route's first onRequest hook and documents the error body.
 */
export function enforceRoutePolicy(app: FastifyInstance): void {
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route: RouteOptions) => {
    const name = `${String(route.method)} ${route.url}`;
    const access = route.config?.access;
    if (!access) throw new Error(`route ${name} must declare config.access`);
    if (!route.schema?.response) throw new Error(`route ${name} must declare a response schema`);
    route.schema.response = {
      '4xx': errorBodySchema,
      '5xx': errorBodySchema,
      ...route.schema.response,
    };
    const guard = guards[access];
    if (guard) route.onRequest = [guard, ...asArray(route.onRequest)];
    for (const method of asArray(route.method)) {
      // The HEAD twin Fastify adds to every GET route is not a route of its own.
      const isHeadTwin =
        method === 'HEAD' &&
        app.routeTable.some((entry) => entry.method === 'GET' && entry.url === route.url);
      if (!isHeadTwin) {
        const { body, querystring, params } = route.schema;
        app.routeTable.push({
          method,
          url: route.url,
          access,
          schema: { body, querystring, params },
        });
      }
    }
  });
}
