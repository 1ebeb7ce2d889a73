/**
 * What the adapter accepts from an AzuraCast API (fixtures/azuracast/README.md): only the fields
 * it uses, each required, with the quirks of real installs allowed (nullable texts, float
 * durations, fields that older versions lack). Everything else, `custom_fields` (`[]` or `{}`)
 * included, is ignored.
 */
import { z } from 'zod';

/** AzuraCast texts: the spec allows null where the generator sends "". */
const text = z
  .string()
  .nullable()
  .transform((value) => value ?? '');
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value ? value : null));
/** Seconds, sometimes a float (queue durations), null when unknown. */
const seconds = z
  .number()
  .nullable()
  .transform((value) => Math.max(0, Math.round(value ?? 0)));
const unixSeconds = z.number().int().nonnegative();

const songSchema = z.object({ artist: text, title: text, album: optionalText });

const songHistorySchema = z.object({
  sh_id: z.number().int(),
  played_at: unixSeconds,
  /** The built-in station's: the start in milliseconds (AzuraCast has whole seconds only). */
  played_at_ms: z.number().int().nonnegative().optional(),
  duration: seconds,
  is_request: z.boolean().optional(),
  song: songSchema,
});
export type SongHistoryPayload = z.output<typeof songHistorySchema>;

export const nowPlayingSchema = z.object({
  station: z.object({ name: z.string() }),
  live: z.object({ is_live: z.boolean() }),
  now_playing: songHistorySchema.extend({ elapsed: seconds, remaining: seconds }).nullable(),
  song_history: z.array(songHistorySchema),
  is_online: z.boolean(),
  listeners: z
    .object({ current: z.number().int().nonnegative(), unique: z.number().int().nonnegative() })
    .optional()
    .catch(undefined),
  playing_next: z
    .object({ duration: seconds, song: songSchema })
    .nullable()
    .optional()
    .catch(undefined),
});
export type NowPlayingPayload = z.output<typeof nowPlayingSchema>;

/** `is_visible` exists since AzuraCast 0.18; before that every row was visible. */
export const historySchema = z.array(
  songHistorySchema.extend({ is_visible: z.boolean().default(true) }),
);

const mediaSchema = z.object({
  unique_id: z.string().min(1),
  path: z.string(),
  artist: text,
  title: text,
  album: optionalText,
  length: seconds,
});
/** A bare array without paging parameters, a page object with them. */
export const filesPageSchema = z.union([
  z.array(mediaSchema),
  z.object({ rows: z.array(mediaSchema), total_pages: z.number().int() }),
]);
export type MediaPayload = z.output<typeof mediaSchema>;

const stationRequestSchema = z.object({ request_id: z.string().min(1) });
/** `GET /api/station/{station}/requests`: bare array or page object, like the files. */
export const requestsPageSchema = z.union([
  z.array(stationRequestSchema),
  z.object({ rows: z.array(stationRequestSchema), total_pages: z.number().int() }),
]);

export const queueSchema = z.array(
  z.object({
    /** Null for a row the AutoDJ has not placed yet (0.21+); 0 meant the same before. */
    played_at: unixSeconds.nullable(),
    duration: seconds,
    is_request: z.boolean(),
    song: songSchema,
  }),
);

/** AzuraCast's `Api_Error` body (403, 404, 500...). */
export const apiErrorSchema = z.object({
  message: z.string(),
  type: z.string().nullish(),
  formatted_message: z.string().nullish(),
});

/** `GET /api/station/{station}/playlists`: what the upload of a requested track needs. */
export const playlistsSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    is_enabled: z.boolean().optional(),
    include_in_requests: z.boolean().optional(),
  }),
);

/** `POST /api/station/{station}/files`: the new file's record (0.19 to 0.23). */
export const uploadedMediaSchema = z.object({
  id: z.number().int(),
  unique_id: z.string().min(1),
  path: z.string(),
});

/** An answer whose body we do not read (`Status::updated()` of an edit). */
export const ignoredBodySchema = z.unknown();
