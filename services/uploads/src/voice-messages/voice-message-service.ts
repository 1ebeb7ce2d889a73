import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { VOICE_MESSAGE_MAX_BYTES, VOICE_MESSAGE_PATH_PREFIX } from '@radio/contracts';
import type { VoiceMessageRow } from '@radio/db';
import type { ObjectStorage } from '@radio/storage';
import {
  assertAcceptedAudio,
  assertPlayableLength,
  measureAudio,
  transcode,
  VOICE_MESSAGE_EXTENSION,
  VOICE_MESSAGE_TYPE,
} from './voice-audio.ts';
import { DAY_MS, type UploadAdmission } from '../upload-admission.ts';
import { makeWorkDir } from '../work-dir.ts';
import type { VoiceMessagesRepository } from './voice-messages-repository.ts';

const KEY_PREFIX = 'voicetracks/';

/** The object key behind a `/files/voicetracks/<name>` path, or null for any other name. */
export function voiceMessageKey(name: string): string | null {
  return /^[a-f0-9]{32}\.mp3$/.test(name) ? `${KEY_PREFIX}${name}` : null;
}

export const downloadPathOf = (objectKey: string): string =>
  `${VOICE_MESSAGE_PATH_PREFIX}${objectKey.slice(KEY_PREFIX.length)}`;

/** Stores recorded voice messages: checked, transcoded for the playout, then kept. */
export class VoiceMessageService {
  readonly #storage: ObjectStorage;
  readonly #repository: VoiceMessagesRepository;
  readonly #admission: UploadAdmission;

  constructor(
    storage: ObjectStorage,
    repository: VoiceMessagesRepository,
    admission: UploadAdmission,
  ) {
    this.#storage = storage;
    this.#repository = repository;
    this.#admission = admission;
  }

  /**
   * Keeps the upload in a private temporary folder while it is checked and transcoded; only a
   * recording that passes every check becomes an object and a row, and a failure removes both.
   * `receive` writes the uploaded bytes to the file it is given (and enforces the size limit).
   * Refused before a byte is read when the listener or the storage has no room (UploadAdmission).
   */
  async store(
    userId: number,
    receive: (file: string) => Promise<void>,
  ): Promise<{ row: VoiceMessageRow; downloadUrl: string }> {
    const since = new Date(Date.now() - DAY_MS);
    const storedToday = await this.#repository.createdTimesSince(userId, since);
    const admission = await this.#admission.enter('voice', userId, storedToday);
    const key = `${KEY_PREFIX}${randomBytes(16).toString('hex')}.${VOICE_MESSAGE_EXTENSION}`;
    let work: string | null = null;
    let stored = false;
    try {
      work = await makeWorkDir(this.#storage, 'radio-voice-');
      const upload = path.join(work, 'upload');
      await receive(upload);
      await assertAcceptedAudio(upload);
      const facts = await measureAudio(upload);
      assertPlayableLength(facts);
      const output = path.join(work, `voice.${VOICE_MESSAGE_EXTENSION}`);
      await transcode(upload, output);
      await this.#storage.putFile(key, output, {
        maxBytes: VOICE_MESSAGE_MAX_BYTES,
        contentType: VOICE_MESSAGE_TYPE,
      });
      stored = true;
      const row = await this.#repository.insertWithinLimit(
        { userId, objectKey: key, durationSeconds: Math.round(facts.seconds * 100) / 100 },
        this.#admission.perDay('voice'),
        new Date(Date.now() - DAY_MS),
      );
      if (row) return { row, downloadUrl: downloadPathOf(key) };
      // Another of their uploads was stored after this one's admission and filled the day.
      throw this.#admission.dailyLimitReached(
        'voice',
        await this.#repository.createdTimesSince(userId, new Date(Date.now() - DAY_MS)),
      );
    } catch (error) {
      if (stored) await this.#storage.delete(key);
      throw this.#admission.asStorageFull('voice', error);
    } finally {
      if (work !== null) await rm(work, { recursive: true, force: true });
      await admission.release();
    }
  }

  /** The voice message behind a download name, when there is one. */
  async find(name: string): Promise<VoiceMessageRow | null> {
    const key = voiceMessageKey(name);
    return key === null ? null : ((await this.#repository.findByKey(key)) ?? null);
  }

  async open(row: VoiceMessageRow): Promise<{ stream: Readable; size: number } | null> {
    const stat = await this.#storage.stat(row.objectKey);
    if (!stat) return null;
    return { stream: await this.#storage.get(row.objectKey), size: stat.size };
  }
}

/**
 * Holding more than a chunk lets the chunks that arrive while one is written go down in one
 * write (the default 64 kB holds back the upload after every chunk, one write at a time).
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/** Writes a stream (through `through`, when given) to a new file: the upload's bytes, unchecked. */
export function writeTo(source: Readable, file: string, through?: Transform): Promise<void> {
  const sink = createWriteStream(file, { flags: 'wx', highWaterMark: WRITE_BUFFER_BYTES });
  return through ? pipeline(source, through, sink) : pipeline(source, sink);
}
