import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '@radio/db';

/**
 * Transactions, kysely's way: repositories are built once on the `Db`, and a transaction is a
 * value, `Tx`, that the service passes to each repository method that runs in it:
 *
 *   await transactions.transaction([`request:${id}`], async (trx) => {
 *     const current = await requests.findForUpdate(trx, id);
 *     await queue.removeRequest(trx, id);
 *   });
 *
 * A method that must run in a transaction takes it first (`trx: Tx`); one that may run in one or
 * on its own takes it last and optional (`trx?: Tx`), and without it runs on the `Db`.
 */

const EXECUTOR = Symbol('transaction executor');

/**
 * An open transaction. Opaque: services only pass it on; repositories run their queries in it
 * (`executorOf`).
 */
export interface Tx {
  readonly [EXECUTOR]: Db;
}

/** Where a repository's query runs: in `trx` when given, else on `db` (a statement of its own). */
export const executorOf = (db: Db, trx?: Tx): Db => (trx ? trx[EXECUTOR] : db);

/** A signed 64-bit advisory lock id for a key (the first 8 bytes of its SHA-256). */
const advisoryLockId = (key: string): bigint =>
  createHash('sha256').update(key).digest().readBigInt64BE(0);

/** Opens the transactions of the requests service. */
export class DbTransactions {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Runs `work` in a transaction that first takes the advisory locks of `lockKeys` (sorted, so
   * two transactions never wait on each other crosswise); they are released at its end.
   */
  transaction<T>(lockKeys: string[], work: (trx: Tx) => Promise<T>): Promise<T> {
    // The locks are taken with BEGIN, in one round trip: as 64-bit literals (no parameters, so
    // the simple protocol carries both statements), in the keys' sorted order.
    const locks = [...new Set(lockKeys)]
      .sort()
      .map((key) => `pg_advisory_xact_lock(${advisoryLockId(key)})`);
    return this.#db.connection().execute(async (connection) => {
      await sql
        .raw(locks.length ? `begin; select ${locks.join(', ')}` : 'begin')
        .execute(connection);
      try {
        const result = await work({ [EXECUTOR]: connection });
        await sql.raw('commit').execute(connection);
        return result;
      } catch (error) {
        // A failed rollback (the connection is gone) ends the transaction too: the cause is `error`.
        await sql
          .raw('rollback')
          .execute(connection)
          .catch(() => undefined);
        throw error;
      }
    });
  }
}
