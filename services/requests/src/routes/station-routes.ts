/**
 * The built-in station's internal endpoints (never routed by the gateway), all with the station
 * key in X-API-Key (access 'station'):
 *   - for ingestion, AzuraCast's paths and shapes under /internal/station, so the worker reads
 *     the built-in station with the AzuraCast adapter: now playing, history, files, queue;
 *   - for Liquidsoap: the next automation entry, and the track it has just started.
 */
import { z } from 'zod';
import type { RoutePlugin } from '@radio/service-kit';
import {
  builtInPlaySchema,
  builtInStationPaths,
  NOW_PLAYING_HISTORY_ITEMS,
  publishedFiles,
  publishedFilesSchema,
  publishedHistory,
  publishedHistorySchema,
  publishedNowPlaying,
  publishedNowPlayingSchema,
  publishedQueue,
  publishedQueueSchema,
  publishedRequests,
  publishedRequestsSchema,
  type BuiltInStationProfile,
} from '@radio/station';
import type { AutomationQueue } from '../queue/automation-queue.ts';
import type { BuiltInPlaysRepository } from '../station/built-in-plays-repository.ts';
import type { StationLibrary } from '../station/station-library.ts';
import type { TrackStarted } from '../station/track-started.ts';

const DEFAULT_HISTORY_DAYS = 14;

const dateTime = (name: string) =>
  z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), `${name} moet een datum en tijd zijn`)
    .transform((value) => new Date(value))
    .optional();

const historyQuerySchema = z.object({ start: dateTime('start'), end: dateTime('end') });

/** What Liquidsoap reports (its metadata of the track): station/track-started.ts. */
const trackStartedSchema = z.object({
  artist: z.string().trim().default(''),
  title: z.string().trim().default(''),
  album: z.string().trim().default(''),
  filename: z.string().default(''),
  uri: z.string().default(''),
  duration: z.number().default(0),
  /** Liquidsoap repeats the report until one is answered 200: the same id may come again. */
  playId: z.string().trim().min(1).max(100).optional(),
  /** A repeated report arrives later than the start. */
  startedAt: z.number().positive().optional(),
});

/** A Liquidsoap request URI: a file path or an http(s) URL, possibly with `annotate:`. */
const nextEntrySchema = z.object({ uri: z.string().min(1) });

export interface StationRoutesOptions {
  plays: BuiltInPlaysRepository;
  library: StationLibrary;
  station: BuiltInStationProfile;
  /** The automation queue Liquidsoap plays (machine 1). */
  queue: AutomationQueue;
  /** Listeners of the stream now. */
  listeners: () => Promise<number>;
  trackStarted: TrackStarted;
}

export function stationRoutes({
  plays,
  library,
  station,
  queue,
  listeners,
  trackStarted,
}: StationRoutesOptions): RoutePlugin {
  return async (app) => {
    const access = 'station' as const;
    // Polled every few seconds by Liquidsoap and the worker: request logs only for problems.
    const logLevel = 'warn';

    app.get(
      builtInStationPaths.nowPlaying,
      { config: { access }, logLevel, schema: { response: { 200: publishedNowPlayingSchema } } },
      async () => {
        const [newest, listenerCount] = await Promise.all([
          plays.newest(NOW_PLAYING_HISTORY_ITEMS + 1),
          listeners(),
        ]);
        return publishedNowPlaying(station, newest, new Date(), listenerCount);
      },
    );

    app.get(
      builtInStationPaths.history,
      {
        config: { access },
        logLevel,
        schema: { querystring: historyQuerySchema, response: { 200: publishedHistorySchema } },
      },
      async (request) => {
        const end = request.query.end ?? new Date();
        const start =
          request.query.start ?? new Date(end.getTime() - DEFAULT_HISTORY_DAYS * 86_400_000);
        // Like AzuraCast: a range given the wrong way round is turned.
        const [from, to] = start <= end ? [start, end] : [end, start];
        return publishedHistory(await plays.between(from, to));
      },
    );

    app.get(
      builtInStationPaths.files,
      { config: { access }, logLevel, schema: { response: { 200: publishedFilesSchema } } },
      async () => publishedFiles(await library.tracks()),
    );

    app.get(
      builtInStationPaths.requests,
      { config: { access }, logLevel, schema: { response: { 200: publishedRequestsSchema } } },
      async () => publishedRequests(await library.tracks()),
    );

    app.get(
      builtInStationPaths.queue,
      { config: { access }, logLevel, schema: { response: { 200: publishedQueueSchema } } },
      async () =>
        publishedQueue(
          (await queue.entries()).map((entry) => ({
            cuedAt: Math.floor(entry.createdAt.getTime() / 1000),
            artist: entry.artist,
            title: entry.title,
            duration: entry.duration,
            isRequest: entry.kind !== 'manual',
            sentToAutodj: entry.handedOutAt !== null,
            uri: entry.uri,
          })),
        ),
    );

    // Each entry is handed out once, even to two callers at once.
    app.get(
      builtInStationPaths.next,
      {
        config: { access },
        logLevel,
        schema: { response: { 200: nextEntrySchema, 204: z.null() } },
      },
      async (request, reply) => {
        const entry = await queue.handOutNext();
        if (!entry) return reply.code(204).send(null);
        request.log.info({ entry: entry.id, uri: entry.uri }, 'station: next from the queue');
        return { uri: entry.uri };
      },
    );

    app.post(
      builtInStationPaths.trackStarted,
      {
        config: { access },
        schema: { body: trackStartedSchema, response: { 200: builtInPlaySchema.nullable() } },
      },
      async (request) => trackStarted.record(request.body, request.log),
    );
  };
}
