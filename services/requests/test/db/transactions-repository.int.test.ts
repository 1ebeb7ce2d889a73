import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, type Db } from '@radio/db';
import { createTestDatabase, waitFor, type TestDatabase } from '@radio/testing';
import { DbTransactions, executorOf } from '../../src/db/transactions-repository.ts';

let database: TestDatabase;
let db: Db;
let transactions: DbTransactions;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url);
  transactions = new DbTransactions(db);
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const backendPid = async (on: Db) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(on)).rows[0]?.pid;

const advisoryLocksOf = async (pid: number | undefined) =>
  Number(
    (
      await sql<{ count: string }>`
        select count(*) as count from pg_locks where locktype = 'advisory' and pid = ${pid}
      `.execute(db)
    ).rows[0]?.count,
  );

const waitingAdvisoryLocks = async () =>
  Number(
    (
      await sql<{ count: string }>`
        select count(*) as count from pg_locks
        where locktype = 'advisory' and not granted
          and database = (select oid from pg_database where datname = current_database())
      `.execute(db)
    ).rows[0]?.count,
  );

describe('DbTransactions', () => {
  it('holds the advisory locks of the keys (once each) for the whole transaction', async () => {
    const pid = await transactions.transaction(['user:1', 'artist:x', 'user:1'], async (trx) => {
      const inside = await backendPid(executorOf(db, trx));
      expect(await advisoryLocksOf(inside)).toBe(2);
      return inside;
    });
    expect(await advisoryLocksOf(pid)).toBe(0);
  });

  it('runs the work in the transaction and rolls it back when the work fails', async () => {
    const failing = transactions.transaction([], async (trx) => {
      await sql`create table tx_probe (id int)`.execute(executorOf(db, trx));
      throw new Error('mislukt');
    });
    await expect(failing).rejects.toThrow('mislukt');
    const found = await sql<{
      name: string | null;
    }>`select to_regclass('tx_probe') as name`.execute(db);
    expect(found.rows[0]?.name).toBeNull();
  });

  it('makes a second transaction on the same key wait for the first', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstHasLock!: () => void;
    const locked = new Promise<void>((resolve) => (firstHasLock = resolve));
    const first = transactions.transaction(['request:7'], async () => {
      order.push('first in');
      firstHasLock();
      await held;
      order.push('first out');
    });
    await locked;
    const second = transactions.transaction(['request:7'], async () => {
      order.push('second in');
    });
    // The second is queued behind the first's lock: Postgres shows its advisory lock not granted.
    await waitFor(async () => (await waitingAdvisoryLocks()) === 1, 'the second waiting');
    expect(order).toEqual(['first in']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });
});
