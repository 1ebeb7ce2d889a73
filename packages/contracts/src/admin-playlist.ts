import { z } from 'zod';
import { isLibraryPathShape, LIBRARY_PATH_MESSAGE } from './requests.ts';

const MACHINE_MESSAGE = 'Ongeldige machine: gebruik een getal van 1 tot en met 99';
const POSITION_MESSAGE = 'Ongeldige positie: gebruik een geheel getal vanaf 1';

const machineSchema = z.coerce
  .number({ message: MACHINE_MESSAGE })
  .int({ message: MACHINE_MESSAGE })
  .min(1, { message: MACHINE_MESSAGE })
  .max(99, { message: MACHINE_MESSAGE })
  .default(1);

const positionSchema = z
  .number({ message: POSITION_MESSAGE })
  .int({ message: POSITION_MESSAGE })
  .min(1, { message: POSITION_MESSAGE })
  .max(1_000_000, { message: POSITION_MESSAGE });

/** The queue as the admin read it (GET's `version`): a move or insert against another is stale. */
const versionSchema = z.string().min(1).max(100);

export const adminPlaylistQuerySchema = z.object({ machine: machineSchema });

export const adminPlaylistEntryKinds = ['request', 'voice_message', 'manual', 'station'] as const;

export const adminPlaylistEntrySchema = z.object({
  /** 1-based, as shown: 1 plays next. */
  position: z.number().int(),
  /** The queue entry's id; null for an AzuraCast queue (not ours). */
  id: z.string().nullable(),
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  /** Seconds; 0 when unknown. */
  duration: z.number().int(),
  /** The built-in station's library path (what the search calls `filename`); null for none. */
  filename: z.string().nullable(),
  /** `station`: an entry of AzuraCast's queue. */
  kind: z.enum(adminPlaylistEntryKinds),
  requestId: z.number().int().nullable(),
  requesterName: z.string().nullable(),
  /** ISO date-time when it is expected to start; null when unknown. */
  expectedStartTime: z.string().nullable(),
});
export type AdminPlaylistEntry = z.infer<typeof adminPlaylistEntrySchema>;

/**
 * GET /api/admin/playlist: what the station plays next, in order. The entry the built-in station
 * has already prepared (handed out, about to play or playing) is not listed: it can no longer move.
 */
export const adminPlaylistResponseSchema = z.object({
  machine: z.number().int(),
  count: z.number().int(),
  entries: z.array(adminPlaylistEntrySchema),
  /** Changes with every change of the listed order; send it back with a move or insert. */
  version: z.string(),
  /** False for an AzuraCast source: its queue is shown, not reordered here. */
  reorderable: z.boolean(),
  /** Why it cannot be reordered (Dutch); null when it can. */
  reason: z.string().nullable(),
});
export type AdminPlaylistResponse = z.infer<typeof adminPlaylistResponseSchema>;

/** POST /api/admin/playlist/move: answers the playlist after the move. */
export const adminPlaylistMoveBodySchema = z.object({
  fromPosition: positionSchema,
  toPosition: positionSchema,
  machine: machineSchema,
  /** The id of the entry the admin saw at fromPosition: another one there is a stale move. */
  entryId: z.string().min(1).max(30).optional(),
  version: versionSchema.optional(),
});
export type AdminPlaylistMoveBody = z.infer<typeof adminPlaylistMoveBodySchema>;

/** POST /api/admin/playlist/insert: a library track as a manual entry; answers the playlist. */
export const adminPlaylistInsertBodySchema = z.object({
  /** The library path, as the search's `filename` of a local track. */
  filename: z
    .string()
    .trim()
    .min(1, { message: 'Kies een nummer uit de bibliotheek' })
    .max(1000)
    .refine(isLibraryPathShape, {
      message: LIBRARY_PATH_MESSAGE,
    }),
  position: positionSchema,
  machine: machineSchema,
  version: versionSchema.optional(),
});
export type AdminPlaylistInsertBody = z.infer<typeof adminPlaylistInsertBodySchema>;

export const ADMIN_PLAYLIST_TEXTS = {
  stale: 'De wachtrij is intussen veranderd. Vernieuw de lijst en probeer het opnieuw.',
  position: (count: number) =>
    count === 0
      ? 'Ongeldige positie: de wachtrij is leeg'
      : `Ongeldige positie: kies een positie van 1 tot en met ${count}`,
  unknownTrack: 'Dit nummer staat niet in de bibliotheek van de zender.',
  azuraCast:
    'De wachtrij wordt door AzuraCast bepaald: de volgorde is alleen in AzuraCast zelf aan te passen.',
  stationUnavailable:
    'De wachtrij van de zender is op dit moment niet bereikbaar. Probeer het over een minuut opnieuw.',
} as const;
