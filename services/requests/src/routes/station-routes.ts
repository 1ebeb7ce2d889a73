/**
 * The built-in station's internal endpoints (never routed by the gateway), all with the station
 * key in X-API-Key (access 'station'):
 *   - for ingestion, AzuraCast's paths and shapes under /internal/station, so the worker reads
 *     the built-in station with the AzuraCast adapter: now playing, history, files, queue;
 *   - for Liquidsoap: the next automation entry, and the track it has just started.
 */
import { z } from 'zod';
import type { RoutePlugin } from '@radio/service-kit';
import { VOICE_MESSAGE_PATH_PREFIX } from '@radio/contracts';
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
import { withNamesFromFilename } from '../station/song-names.ts';
import type { StationLibrary } from '../station/station-library.ts';

const DEFAULT_HISTORY_DAYS = 14;

const dateTime = (name: string) =>
  z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), `${name} moet een datum en tijd zijn`)
    .transform((value) => new Date(value))
    .optional();

const historyQuerySchema = z.object({ start: dateTime('start'), end: dateTime('end') });

/** What Liquidsoap reports (its metadata of the track; absent tags are empty strings). */
const trackStartedSchema = z.object({
  artist: z.string().trim().default(''),
  title: z.string().trim().default(''),
  album: z.string().trim().default(''),
  /** The file it plays (a temporary copy for http:// entries). */
  filename: z.string().default(''),
  /** What it was handed (the queue entry's URI; for a library file, the file itself). */
  uri: z.string().default(''),
  /** Seconds; negative or 0 when Liquidsoap could not tell. */
  duration: z.number().default(0),
  /**
   * Minted by Liquidsoap for each track it starts; it repeats the report until one is answered
   * 200, so the same id may arrive more than once and is stored once.
   */
  playId: z.string().trim().min(1).max(100).optional(),
  /** Unix seconds when the track started (a repeated report arrives later); default now. */
  startedAt: z.number().positive().optional(),
});

/** A station clock ahead of ours is not believed further than this. */
const MAX_CLOCK_AHEAD_MS = 60_000;

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
  /**
   * A play started: now playing is read again at once (the worker's ingest, so pages get the
   * song in about a second, not at the next poll). Must not throw.
   */
  playStarted?: (playId: number) => void;
  /** A listener's request started (now played): its owner is told. Must not throw. */
  requestPlayed?: (requestId: number) => void;
}

export function stationRoutes({
  plays,
  library,
  station,
  queue,
  listeners,
  playStarted = () => undefined,
  requestPlayed = () => undefined,
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
      async (request) => {
        const { duration, playId, startedAt, uri, ...song } = request.body;
        const now = Date.now();
        const startedAtMs =
          startedAt === undefined ? now : Math.min(startedAt * 1000, now + MAX_CLOCK_AHEAD_MS);
        const startedUri = uri || song.filename;
        // A listener's voice message is not a song: no play in now playing, history or reports.
        const play = isVoiceMessageUri(startedUri)
          ? null
          : await plays.record({
              ...withNamesFromFilename(song, song.filename),
              duration: Math.max(0, Math.round(duration)),
              playId,
              startedAt: new Date(startedAtMs),
            });
        // The entry Liquidsoap was handed: its request is on air now.
        const playedRequest = startedUri
          ? await queue.started(startedUri, new Date(startedAtMs))
          : null;
        request.log.info({ play, playedRequest, uri: startedUri }, 'station: track started');
        if (play) playStarted(play.id);
        if (playedRequest !== null) requestPlayed(playedRequest);
        return play;
      },
    );
  };
}

/** A voice message's URI: the uploads service's voice message path, signed or not. */
function isVoiceMessageUri(uri: string): boolean {
  try {
    return new URL(uri, 'http://station.invalid').pathname.startsWith(VOICE_MESSAGE_PATH_PREFIX);
  } catch {
    return false;
  }
}
