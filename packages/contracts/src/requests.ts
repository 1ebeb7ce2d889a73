import { z } from 'zod';
import { isoDateTime } from './common.ts';

export const MESSAGE_MAX_LENGTH = 500;

export const requestStatusSchema = z.enum(['pending', 'approved', 'rejected', 'played']);
export type RequestStatusValue = z.infer<typeof requestStatusSchema>;
export const requestSourceSchema = z.enum(['local', 'deezer']);
export const downloadStatusSchema = z.enum([
  'pending',
  'downloading',
  'ready',
  'failed',
  'not_needed',
]);

export const stationStepSchema = z.enum([
  'uploading',
  'awaiting_requestable',
  'to_submit',
  'submitted',
  'refused',
  'failed',
]);
export type StationStepValue = z.infer<typeof stationStepSchema>;

/** C0/C1 controls (tab and line breaks aside) and the bidi overrides/isolates. */
export const FORBIDDEN_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/**
 * A voice message as the uploads service stores it (POST /api/voicetrack-upload answers it):
 * a path under /files/voicetracks/, one file name of letters, digits, `_`, `-` and `.`, with an
 * audio extension, e.g. `/files/voicetracks/5f0c2e9a-luisteraar.webm`.
 */
export const VOICE_MESSAGE_URL_PATTERN =
  /^\/files\/voicetracks\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}\.(?:webm|ogg|oga|opus|mp3|m4a|wav)$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((value) => value ?? undefined);

export const LIBRARY_PATH_MESSAGE =
  'Ongeldige bestandsnaam: gebruik de bestandsnaam uit de zoekresultaten (een pad binnen de muziekbibliotheek).';

/** Relative, `/`-separated, no empty, `.` or `..` segment, no backslash or control character. */
export const isLibraryPathShape = (value: string): boolean =>
  // eslint-disable-next-line no-control-regex
  !/[\u0000-\u001f\u007f\\]/.test(value) &&
  value.split('/').every((segment) => !['', '.', '..'].includes(segment));

/**
 * POST /api/requests (spec section 7). Only the track's identity is trusted: a library track by
 * `libraryTrackId` (or its `filename`, the library path), a Deezer track by `deezer_id`; names,
 * album and duration come from our own records, the requester name from the account.
 */
export const createRequestBodySchema = z.object({
  source: requestSourceSchema.default('local'),
  libraryTrackId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** A library path as search results give it: relative, inside the library. */
  filename: optionalText(1000)
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isLibraryPathShape(value), {
      message: LIBRARY_PATH_MESSAGE,
    }),
  deezer_id: z
    .union([
      z.number().int().positive(),
      z
        .string()
        .trim()
        .regex(/^[0-9]{1,20}$/),
    ])
    .optional()
    .nullable()
    .transform((value) => (value === null || value === undefined ? undefined : String(value))),
  title: optionalText(500),
  artist: optionalText(500),
  album: optionalText(500),
  duration: z.unknown().optional(),
  requesterName: z.unknown().optional(),
  message: z
    .string()
    .trim()
    .max(MESSAGE_MAX_LENGTH, {
      message: `Je bericht mag maximaal ${MESSAGE_MAX_LENGTH} tekens bevatten.`,
    })
    .refine((value) => !FORBIDDEN_CHARACTERS.test(value), {
      message: 'Je bericht bevat tekens die niet zijn toegestaan.',
    })
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined)),
  browserFingerprint: optionalText(200),
  voicetrackUrl: z
    .string()
    .trim()
    .regex(VOICE_MESSAGE_URL_PATTERN, { message: 'Ongeldige spraakopname.' })
    .optional()
    .nullable()
    .transform((value) => value ?? undefined),
});
export type CreateRequestBody = z.input<typeof createRequestBodySchema>;

/** A request as every logged-in listener may see it: never address, browser id, message or voice. */
export const publicRequestSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  source: requestSourceSchema,
  requesterName: z.string(),
  duration: z.number().int().nullable(),
  status: requestStatusSchema,
  submittedAt: isoDateTime,
  requestedAt: isoDateTime,
  playedAt: isoDateTime.nullable(),
  /** 1 = next in the automation queue; null when not queued (in review, downloading, live). */
  position: z.number().int().positive().nullable(),
  /** Null when not queued or the station is live. */
  expectedStartTime: isoDateTime.nullable(),
});
export type PublicRequest = z.infer<typeof publicRequestSchema>;

/** The request as its requester sees it (spec section 3's "request as shown in the UI"). */
export const ownRequestSchema = publicRequestSchema.extend({
  message: z.string().nullable(),
  voicetrackUrl: z.string().nullable(),
  browserFingerprint: z.string().nullable(),
  /** A Deezer request's track: pending, downloading, ready or failed (library: not_needed). */
  downloadStatus: downloadStatusSchema,
  /**
   * On an AzuraCast station: where the request is on its way to the station's request API (a
   * Deezer track is uploaded there first); null when it does not go there.
   */
  stationStep: stationStepSchema.nullable(),
  /** What the station said about it: its refusal in its own words, or why the upload failed. */
  stationNote: z.string().nullable(),
});
export type OwnRequest = z.infer<typeof ownRequestSchema>;

/** Every field, for admins. */
export const adminRequestSchema = ownRequestSchema.extend({
  userId: z.number().int().nullable(),
  filename: z.string().nullable(),
  requesterIp: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: isoDateTime.nullable(),
  deezerTrackId: z.string().nullable(),
  /** Why the Deezer track could not be fetched (Dutch; the last try's reason). */
  downloadError: z.string().nullable(),
  libraryTrackId: z.number().int().nullable(),
});
export type AdminRequest = z.infer<typeof adminRequestSchema>;

export const requestListSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int().nonnegative() });

export const pendingRequestsResponseSchema = requestListSchema(publicRequestSchema);
export const recentRequestsResponseSchema = requestListSchema(publicRequestSchema);
/** GET /api/requests/mine: the listener's own latest requests ("Mijn verzoekjes"). */
export const ownRequestsResponseSchema = requestListSchema(ownRequestSchema);
export const adminRequestsResponseSchema = requestListSchema(adminRequestSchema).extend({
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});

const dateQuery = (name: string) =>
  z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), `${name} moet een datum zijn`)
    .transform((value) => new Date(value))
    .optional();

/** GET /api/requests (admin). `from`/`to` filter on requestedAt. */
export const adminRequestsQuerySchema = z.object({
  status: requestStatusSchema.optional(),
  from: dateQuery('from'),
  to: dateQuery('to'),
  page: z.coerce.number().int().positive().max(100_000).default(1),
  pageSize: z.coerce.number().int().positive().max(100).default(20),
});

/** PATCH /api/requests/{id}/status (admin). */
export const requestStatusBodySchema = z.object({
  status: z.enum(['approved', 'rejected', 'played'], {
    message: 'status moet approved, rejected of played zijn',
  }),
});

/** A refusal body: the Dutch message says when it becomes possible; retryAfter in seconds. */
export const requestRefusalSchema = z.object({
  message: z.string(),
  code: z.string(),
  retryAfter: z.number().int().nonnegative().optional(),
});
