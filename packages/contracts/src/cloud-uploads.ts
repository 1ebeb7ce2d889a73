import { z } from 'zod';

/** Largest listener upload (spec section 5: "Bestand te groot" above 50 MB). */
export const CLOUD_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** The guideline: below this bitrate an upload is kept but flagged for uploader and admin. */
export const CLOUD_UPLOAD_MIN_KBPS = 128;

export const cloudUploadStatusSchema = z.enum(['pending', 'approved', 'rejected', 'downloaded']);
export type CloudUploadStatusValue = z.infer<typeof cloudUploadStatusSchema>;

/** Where adding an approved upload to the built-in station's library stands (beyond the spec). */
export const cloudUploadLibraryStatusSchema = z.enum(['queued', 'added', 'failed']);
export type CloudUploadLibraryStatus = z.infer<typeof cloudUploadLibraryStatusSchema>;

/** The text fields of POST /api/cloud-upload (multipart, next to the `audio` file). */
export const cloudUploadFieldsSchema = z.object({
  artist: z.string().trim().min(1, 'Incomplete informatie: vul de artiest in.').max(200),
  title: z.string().trim().min(1, 'Incomplete informatie: vul de titel in.').max(200),
  submittedBy: z.string().trim().min(1, 'Incomplete informatie: vul je naam in.').max(200),
  message: z.string().trim().max(2000).optional(),
});
export type CloudUploadFields = z.infer<typeof cloudUploadFieldsSchema>;

/** One upload as the admin page and the uploader see it (spec section 3, plus what the file told). */
export const cloudUploadSchema = z.object({
  id: z.number().int(),
  artist: z.string(),
  title: z.string(),
  originalName: z.string(),
  submittedBy: z.string(),
  message: z.string().nullable(),
  uploadedAt: z.string(),
  status: cloudUploadStatusSchema,
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  bitrateKbps: z.number().int().nullable(),
  durationSeconds: z.number().nullable(),
  /** The tags the file carries itself (each null when absent); null when it has none. */
  fileTags: z
    .object({
      artist: z.string().nullable(),
      title: z.string().nullable(),
      album: z.string().nullable(),
    })
    .nullable(),
  /** Below CLOUD_UPLOAD_MIN_KBPS (or unknown) for a lossy format. */
  lowBitrate: z.boolean(),
  /** The file in an external storage view (e.g. a bucket browser); null when not configured. */
  storageUrl: z.string().nullable(),
  /** Null: never asked to be added to the station library. */
  libraryStatus: cloudUploadLibraryStatusSchema.nullable(),
  /** The station library's file once added, e.g. `Artist - Title.mp3`. */
  libraryPath: z.string().nullable(),
  /** Why adding it failed (Dutch, for the admin); null otherwise. */
  libraryError: z.string().nullable(),
});
export type CloudUpload = z.infer<typeof cloudUploadSchema>;

/** Answer of POST /api/cloud-upload. */
export const cloudUploadResponseSchema = z.object({ upload: cloudUploadSchema });

export const cloudUploadsQuerySchema = z.object({
  status: cloudUploadStatusSchema.optional(),
});
/**
 * Answer of GET /api/cloud-uploads (spec section 7; newest first) and of GET
 * /api/cloud-uploads/mine (the listener's own, storageUrl null). `libraryAvailable`: the station
 * has a library of its own (the built-in one), so POST /api/cloud-uploads/{id}/library works.
 */
export const cloudUploadsResponseSchema = z.object({
  uploads: z.array(cloudUploadSchema),
  libraryAvailable: z.boolean(),
});

/** Body of PATCH /api/cloud-uploads/{id}/status: an admin decides on a pending upload. */
export const cloudUploadStatusBodySchema = z.object({
  status: z.enum(['approved', 'rejected']),
});

/** Answer of POST /api/cloud-uploads/{id}/download: a short-lived link to the original file. */
export const cloudUploadDownloadResponseSchema = z.object({ downloadUrl: z.string() });

/**
 * POST /api/cloud-uploads/{id}/library (admin, no body): an approved or downloaded upload is put
 * in the built-in station's library (tagged, indexed, requestable) by the worker. Answers 202 with
 * the upload (libraryStatus queued; 200 when already added). 409 UPLOAD_NOT_APPROVED for a pending
 * or rejected one, 409 NO_STATION_LIBRARY when the station has no library of its own.
 */
export const cloudUploadLibraryResponseSchema = cloudUploadResponseSchema;
