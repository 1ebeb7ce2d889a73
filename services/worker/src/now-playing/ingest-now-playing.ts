import type { Logger } from 'pino';
import { MISSED_POLLS_BEFORE_STALE } from '@radio/contracts';
import type { DjSettingsReader } from '@radio/db';
import type { NowPlaying } from '@radio/station';
import type { PlayHistoryRepository } from '../history/play-history-repository.ts';
import { backfillWindowAfter, type BackfillWindow } from '../history/backfill-window.ts';
import { activeSourceOf, type ActiveSource, type SourceFactory } from '../station/active-source.ts';
import type { NowPlayingStore, SourceHealth } from './now-playing-store.ts';
import { snapshotOf, visiblePlaysOf } from './snapshot.ts';

const MAX_BACKOFF_MS = 60_000;
// The scheduler's ticks drift by a few milliseconds; without this slack a poll that is due
// would wait a whole extra interval.
const TICK_SLACK_MS = 1_000;

export interface IngestDeps {
  settings: DjSettingsReader;
  history: PlayHistoryRepository;
  store: NowPlayingStore;
  createSource: SourceFactory;
  requestBackfill: (window: BackfillWindow) => Promise<void>;
  /** A source appeared or changed: its library is indexed now, not at the next interval. */
  requestLibraryScan: () => Promise<void>;
  intervalMs: number;
  log: Logger;
  now: () => Date;
}

const healthy = (source: string | null): SourceHealth => ({
  source,
  failures: 0,
  failingSince: null,
  nextAttemptAt: 0,
});

/** One poll of the active station source (the ingest-now-playing job). */
export async function ingestNowPlaying(deps: IngestDeps): Promise<void> {
  const now = deps.now();
  const source = activeSourceOf(await deps.settings.read(), deps.intervalMs / 2);
  const health = await deps.store.health();

  if (!source) {
    if (health?.source !== null) {
      deps.log.info('no station source configured for the broadcasting mode: now playing is idle');
      await markStale(deps);
      await deps.store.saveHealth(healthy(null));
    }
    return;
  }

  const sameSource = health?.source === source.key;
  if (!sameSource) {
    deps.log.info({ source: source.key }, 'now playing follows this station source');
    // The library APIs need the station's key. (Under `make up` the built-in station registers
    // itself after the worker's scan at start; a mode switch brings another station's library.)
    if (source.settings.apiKey) await deps.requestLibraryScan();
  } else if (now.getTime() + TICK_SLACK_MS < health.nextAttemptAt) return;

  let answer: NowPlaying;
  try {
    answer = await deps.createSource(source.settings).nowPlaying();
  } catch (error) {
    await recordFailure(deps, source, sameSource ? health : healthy(source.key), error, now);
    return;
  }
  await recordAnswer(deps, source, answer, now);
  if (sameSource && health.failures > 0 && health.failingSince !== null) {
    const downForSeconds = Math.round((now.getTime() - health.failingSince) / 1000);
    deps.log.info({ source: source.key, downForSeconds }, 'station source recovered');
  }
  if (!sameSource || health.failures > 0) await deps.store.saveHealth(healthy(source.key));
}

async function recordAnswer(
  deps: IngestDeps,
  source: ActiveSource,
  answer: NowPlaying,
  now: Date,
): Promise<void> {
  await deps.history.record(source.key, visiblePlaysOf(answer));
  const previous = await deps.store.snapshot();
  await deps.store.saveSnapshot(snapshotOf(answer, now, deps.intervalMs), previous);
  const gap = backfillWindowAfter(previous?.observedAt ?? null, now);
  if (gap && source.settings.apiKey) await deps.requestBackfill(gap);
}

async function recordFailure(
  deps: IngestDeps,
  source: ActiveSource,
  health: SourceHealth,
  error: unknown,
  now: Date,
): Promise<void> {
  const failures = health.failures + 1;
  if (failures === 1) {
    deps.log.error(
      { err: error, source: source.key },
      'station source failed: keeping the last now playing, marked stale after 2 failed polls, until it answers again',
    );
  }
  // One failed poll can be a blip: the next comes one interval later. From the second on, the
  // answer shown is marked stale and the source is asked ever less often.
  const stale = failures >= MISSED_POLLS_BEFORE_STALE;
  if (stale) await markStale(deps);
  const waitMs = stale
    ? Math.min(deps.intervalMs * 2 ** (failures - MISSED_POLLS_BEFORE_STALE + 1), MAX_BACKOFF_MS)
    : deps.intervalMs;
  await deps.store.saveHealth({
    source: source.key,
    failures,
    failingSince: health.failingSince ?? now.getTime(),
    nextAttemptAt: now.getTime() + waitMs,
  });
}

async function markStale({ store }: IngestDeps): Promise<void> {
  const snapshot = await store.snapshot();
  if (snapshot && !snapshot.isStale) {
    await store.saveSnapshot({ ...snapshot, isStale: true }, snapshot);
  }
}
