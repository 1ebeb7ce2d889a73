import { z } from 'zod';
import { nowPlayingResponseSchema } from './now-playing.ts';
import { ownRequestSchema } from './requests.ts';
import { publicDjSettingsSchema } from './settings.ts';

/**
 * Live push (GET /api/events, requests service). A publisher takes the next id from
 * LIVE_EVENT_ID_KEY and publishes the event on LIVE_EVENTS_CHANNEL in one step (a Redis script),
 * so ids are increasing across every copy of every service, in the order subscribers get them.
 */
export const LIVE_EVENTS_CHANNEL = 'live:events';
export const LIVE_EVENT_ID_KEY = 'live:event-id';

const liveEventBase = {
  /** The SSE `id:`: decimal, increasing across all copies. */
  id: z.number().int().nonnegative(),
  /** Only this listener's streams get it; null (or absent) for everyone. */
  user: z.number().int().positive().nullable().default(null),
};

/** A message on LIVE_EVENTS_CHANNEL; `data` is exactly the body of the matching GET. */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...liveEventBase,
    type: z.literal('now-playing'),
    /** As GET /api/now-playing answers it (renderNowPlaying). */
    data: nowPlayingResponseSchema,
  }),
  z.object({
    ...liveEventBase,
    type: z.literal('settings'),
    /** As GET /api/dj-settings answers it. */
    data: publicDjSettingsSchema,
  }),
  z.object({
    ...liveEventBase,
    type: z.literal('my-request'),
    /** One of the owner's requests changed (`user` = its owner): as GET /api/requests/mine lists it. */
    data: ownRequestSchema,
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];
export type LiveEventData<T extends LiveEventType> = Extract<LiveEvent, { type: T }>['data'];

/** The first event of every stream (no `id:`): the server's clock, and whether state follows. */
export const liveHelloSchema = z.object({
  /** Unix ms. */
  serverTime: z.number().int(),
  /**
   * True: the last event id was absent or unknown to this copy; the current now playing and
   * settings follow. False: the events after the given id follow.
   */
  resync: z.boolean(),
});
export type LiveHello = z.infer<typeof liveHelloSchema>;
