/**
 * p50/p99 of the library search (LibrarySearchRepository, the SQL the song search runs) on
 * 200,000 tracks (bench/seed-library.sql), per query and over all. One JSON line on stdout.
 *   node bench/library-search.ts [DATABASE_URL] [rounds]
 * Without a URL it starts a throwaway Postgres (packages/testing) and migrates it; with one, the
 * database must be migrated and throwaway: library_tracks is emptied and seeded.
 */
import { readFileSync } from 'node:fs';
import { createDb, migrateToLatest } from '../packages/db/src/index.ts';
import { startPostgres } from '../packages/testing/src/postgres.ts';
import { LibrarySearchRepository } from '../services/requests/src/library/library-search-repository.ts';
import { percentile } from './stats.ts';

const QUERIES = [
  { artist: 'blof' },
  { artist: 'golden earing' },
  { title: 'radar' },
  { title: 'zomeravnd' },
  { title: 'liefde' },
  { artist: 'femke de vries' },
  { artist: 'jansen', title: 'zomer aan zee' },
  { title: 'regen over de dyk' },
];

const round = (ms: number): number => Math.round(ms * 100) / 100;

const server = process.argv[2] ? null : await startPostgres();
const url = process.argv[2] ?? server!.url();
const rounds = Number(process.argv[3] ?? 50);
const db = createDb(url);
try {
  if (server) await migrateToLatest(db);
  const seed = readFileSync(new URL('seed-library.sql', import.meta.url), 'utf8');
  const seeded = performance.now();
  const pool = (await import('../packages/db/src/create-db.ts')).createPool(url, 1);
  await pool.query(seed);
  await pool.end();
  const seedMs = performance.now() - seeded;
  const search = new LibrarySearchRepository(db);
  for (const query of QUERIES) await search.search(query); // warm the caches
  const all: number[] = [];
  const perQuery: Record<string, { p50: number; p99: number; hits: number }> = {};
  for (const query of QUERIES) {
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < rounds; i += 1) {
      const started = performance.now();
      hits = (await search.search(query)).length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    perQuery[JSON.stringify(query)] = {
      p50: round(percentile(times, 50)),
      p99: round(percentile(times, 99)),
      hits,
    };
  }
  all.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      tracks: 200_000,
      seedMs: Math.round(seedMs),
      searches: all.length,
      p50: round(percentile(all, 50)),
      p99: round(percentile(all, 99)),
      perQuery,
    }),
  );
} finally {
  await db.destroy();
  await server?.stop();
}
