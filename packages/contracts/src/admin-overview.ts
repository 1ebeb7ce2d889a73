import { z } from 'zod';
import { isoDateTime } from './common.ts';

/** GET /api/admin/overview: what an admin wants at a glance (the Overview tab, polled). */
export const ADMIN_OVERVIEW_PATH = '/api/admin/overview';

/** Entries of "Hierna" the overview lists at most. */
export const OVERVIEW_NEXT_LENGTH = 3;

const overviewSongSchema = z.object({
  artist: z.string(),
  title: z.string(),
  /** Seconds; absent when unknown. */
  duration: z.number().int().positive().optional(),
});

export const adminOverviewSchema = z.object({
  /** What the station source said plays now (its last good answer); null: nothing or no answer. */
  nowPlaying: overviewSongSchema
    .extend({
      /** ISO 8601. */
      startedAt: isoDateTime.optional(),
    })
    .nullable(),
  /**
   * What plays next, in order, at most OVERVIEW_NEXT_LENGTH: the built-in station's automation
   * queue (machine 1), or what AzuraCast's now playing calls `playing_next`.
   */
  next: z.array(overviewSongSchema).max(OVERVIEW_NEXT_LENGTH),
  /** Listeners as the source counted them at its last good answer; null: not known. */
  listeners: z
    .object({ current: z.number().int().nonnegative(), unique: z.number().int().optional() })
    .nullable(),
  /** Requests submitted since midnight on the station's clock. */
  requestsToday: z.number().int().nonnegative(),
  /** Requests pending or approved (not yet played or rejected). */
  requestsWaiting: z.number().int().nonnegative(),
  /** Cloud uploads waiting for an admin's review. */
  uploadsWaiting: z.number().int().nonnegative(),
  source: z.object({
    mode: z.enum(['nonstop', 'live']),
    /** The station source the mode points at; none: its URL is not set. */
    kind: z.enum(['builtin', 'azuracast', 'none']),
    /** ISO 8601: when the worker last fetched now playing successfully; null: never (kept). */
    lastGoodPollAt: isoDateTime.nullable(),
    /** The same rule as the listener pages' `is_stale` (false while there is no answer at all). */
    stale: z.boolean(),
    /** ISO 8601: since when the source fails, while it does. */
    failingSince: isoDateTime.optional(),
  }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
