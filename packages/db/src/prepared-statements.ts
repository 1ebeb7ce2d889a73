import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Put first in a hot query's text (raw `sql`), it is sent as a named prepared statement: each
 * connection parses and plans it once and then only binds and runs it. Only for queries of a
 * fixed text and fixed result columns (no `select *`: a column added by a migration would change
 * a prepared statement's result type).
 */
export const PREPARED = '/* prepared */';

const nameOf = (text: string): string =>
  `radio_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** Makes `client` send the queries marked PREPARED as named prepared statements. */
export function sendMarkedQueriesPrepared(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (typeof config !== 'string' || !config.startsWith(PREPARED)) return query(config, ...rest);
    let name = names.get(config);
    if (!name) names.set(config, (name = nameOf(config)));
    const [values, callback] = rest;
    return query({ name, text: config, values }, ...(callback ? [callback] : []));
  };
}
