import type { Updateable } from 'kysely';
import type { Db, DjSettingsTable } from '@radio/db';

let trackCount = 0;

export interface SeedTrack {
  title?: string;
  artist?: string;
  album?: string;
  path?: string;
  duration?: number;
  requestable?: boolean;
  source?: string;
  /** AzuraCast's request id (an AzuraCast station's track). */
  requestId?: string;
}

/** A library track as the worker's scan stores it; answers its id. */
export async function seedTrack(db: Db, track: SeedTrack = {}): Promise<number> {
  trackCount += 1;
  const title = track.title ?? `Liedje ${trackCount}`;
  const artist = track.artist ?? `Artiest ${trackCount}`;
  const path = track.path ?? `${artist} - ${title}.mp3`;
  const row = await db
    .insertInto('libraryTracks')
    .values({
      source: track.source ?? 'builtin',
      mediaId: `${path}#${trackCount}`,
      requestId: track.requestId ?? null,
      path,
      title,
      artist,
      album: track.album ?? '',
      duration: track.duration ?? 200,
      requestable: track.requestable ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

let playCount = 0;

/** A play in play_history, as the worker's ingestion stores it. */
export async function seedPlay(
  db: Db,
  play: { title: string; artist: string; playedAt: Date; duration?: number },
): Promise<void> {
  playCount += 1;
  await db
    .insertInto('playHistory')
    .values({
      source: 'test',
      azuracastId: playCount,
      title: play.title,
      artist: play.artist,
      album: null,
      playedAt: play.playedAt,
      duration: play.duration ?? 200,
    })
    .execute();
}

export async function updateSettings(db: Db, changes: Updateable<DjSettingsTable>): Promise<void> {
  await db.updateTable('djSettings').set(changes).where('id', '=', 1).execute();
}

let voiceCount = 0;

/** A voice message as the uploads service stores it; answers its `voicetrackUrl`. */
export async function seedVoiceMessage(
  db: Db,
  userId: number,
  createdAt: Date = new Date(),
): Promise<string> {
  voiceCount += 1;
  const name = `${voiceCount.toString(16).padStart(32, '0')}.mp3`;
  await db
    .insertInto('voiceMessages')
    .values({ userId, objectKey: `voicetracks/${name}`, durationSeconds: 3, createdAt })
    .execute();
  return `/files/voicetracks/${name}`;
}
