import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@radio/service-kit/testing';
import { DbTransactions } from '../../src/db/transactions-repository.ts';
import { BuiltInPlaysRepository } from '../../src/station/built-in-plays-repository.ts';
import { TrackStarted } from '../../src/station/track-started.ts';
import { buildRequestsApp } from '../build.ts';

const song = { artist: 'BLØF', title: 'Zoutelande', album: '', filename: '/music/zoutelande.mp3' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(buildRequestsApp);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.db.deleteFrom('builtInPlays').execute();
});

const plays = async (): Promise<string[]> =>
  (await t.app.db.selectFrom('builtInPlays').select('title').execute()).map((row) => row.title);

it('stores the play and marks the queue entry in one transaction: a failed queue write stores no play', async () => {
  const told: number[] = [];
  const failing = new TrackStarted({
    transactions: new DbTransactions(t.app.db),
    plays: new BuiltInPlaysRepository(t.app.db),
    queue: {
      started: async () => {
        throw new Error('the queue write failed');
      },
    },
    playStarted: (id) => told.push(id),
  });
  await expect(
    failing.record({ ...song, uri: song.filename, duration: 188, playId: 'p1' }, t.app.log),
  ).rejects.toThrow('the queue write failed');
  expect(await plays()).toEqual([]);
  expect(told).toEqual([]);

  const started = new TrackStarted({
    transactions: new DbTransactions(t.app.db),
    plays: new BuiltInPlaysRepository(t.app.db),
    queue: { started: async () => 7 },
    playStarted: (id) => told.push(id),
    requestPlayed: (id) => told.push(-id),
  });
  const play = await started.record(
    { ...song, uri: song.filename, duration: 188, playId: 'p1' },
    t.app.log,
  );
  expect(await plays()).toEqual(['Zoutelande']);
  // The events follow the commit: the play's ingest, then the request's owner.
  expect(told).toEqual([play?.id, -7]);
});
