import type { Redis } from 'ioredis';
import {
  parseStoredJson,
  MISSED_POLLS_BEFORE_STALE,
  NOW_PLAYING_HEALTH_KEY,
  NOW_PLAYING_KEY,
  nowPlayingSnapshotSchema,
  OVERVIEW_NEXT_LENGTH,
  sourceHealthSchema,
  staleAfterOf,
  type AdminOverview,
} from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import { activeStationUrl, stationSourceKey } from '@radio/station';
import { MAIN_MACHINE } from '../queue/automation-queue.ts';
import type { OverviewRepository } from './overview-repository.ts';

export interface AdminOverviewOptions {
  repository: OverviewRepository;
  /** Holds the worker's now-playing snapshot and ingestion health (read, never written here). */
  redis: Redis;
  settings: () => Promise<DjSettingsRow>;
  /** The built-in station's source key; null when it does not run. */
  builtInSource: string | null;
  clock?: () => Date;
}

const iso = (unixMs: number): string => new Date(unixMs).toISOString();
const knownDuration = (seconds: number): { duration?: number } =>
  seconds > 0 ? { duration: seconds } : {};

/**
 * The Overview tab's figures in one answer: what the worker last saw of the station source (one
 * Redis read), the automation queue's next entries and a few counts (Postgres). The station
 * source itself is never asked here.
 */
export class AdminOverviewService {
  readonly #options: AdminOverviewOptions;

  constructor(options: AdminOverviewOptions) {
    this.#options = options;
  }

  async get(): Promise<AdminOverview> {
    const { repository, redis, builtInSource } = this.#options;
    const now = this.#options.clock?.() ?? new Date();
    const [settings, counts, [snapshotJson, healthJson]] = await Promise.all([
      this.#options.settings(),
      repository.counts(now),
      redis.mget(NOW_PLAYING_KEY, NOW_PLAYING_HEALTH_KEY),
    ]);
    const snapshot = parseStoredJson(nowPlayingSnapshotSchema, snapshotJson);
    const health = parseStoredJson(sourceHealthSchema, healthJson);

    const activeUrl = activeStationUrl(settings);
    const sourceKey = activeUrl === null ? null : stationSourceKey(activeUrl);
    const kind =
      sourceKey === null ? 'none' : sourceKey === builtInSource ? 'builtin' : 'azuracast';

    let next: AdminOverview['next'] = [];
    if (kind === 'builtin') {
      const queued = await repository.nextQueued(MAIN_MACHINE, OVERVIEW_NEXT_LENGTH);
      next = queued.map(({ artist, title, duration }) => ({
        artist,
        title,
        ...knownDuration(duration),
      }));
    } else if (kind === 'azuracast' && snapshot?.playingNext) {
      const { artist, title, duration } = snapshot.playingNext;
      next = [{ artist, title, ...knownDuration(duration) }];
    }

    // The worker's health is of the source it followed last: after a mode switch, not this one's.
    const failing = health !== null && health.source === sourceKey && health.failures > 0;
    const stale = snapshot
      ? snapshot.isStale || now.getTime() > staleAfterOf(snapshot)
      : failing && health.failures >= MISSED_POLLS_BEFORE_STALE;
    const current = snapshot?.current ?? null;

    return {
      nowPlaying: current && {
        artist: current.song.artist,
        title: current.song.title,
        startedAt: iso(current.playedAt * 1000),
        ...knownDuration(current.duration),
      },
      next,
      listeners: snapshot?.listeners ?? null,
      ...counts,
      source: {
        mode: settings.broadcastingMode,
        kind,
        lastGoodPollAt: snapshot ? iso(snapshot.observedAt) : null,
        stale,
        ...(failing && health.failingSince !== null && { failingSince: iso(health.failingSince) }),
      },
    };
  }
}
