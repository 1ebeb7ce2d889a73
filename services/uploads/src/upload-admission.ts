import { randomBytes } from 'node:crypto';
import { mkdir, statfs } from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  assertRedisReady,
  Counter,
  Gauge,
  HttpError,
  type LogLimiter,
  type Registry,
} from '@radio/service-kit';

export type UploadKind = 'track' | 'voice';

export const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * An upload's place among those in flight lasts this long unless its copy renews it (every
 * third of it): the place of a killed copy's upload frees itself.
 */
const LEASE_MS = 60_000;
const RETRY_SECONDS = 60;
const STORAGE_FULL_RETRY_SECONDS = 15 * 60;

const words: Record<UploadKind, { one: string; many: string; again: string }> = {
  track: { one: 'upload', many: 'uploads', again: 'uploaden' },
  voice: { one: 'spraakbericht', many: 'spraakberichten', again: 'een spraakbericht inspreken' },
};

export interface AdmissionLimits {
  /** Stored per listener in 24 hours (CLOUD_UPLOADS_PER_DAY, VOICE_MESSAGES_PER_DAY). */
  perDay: Record<UploadKind, number>;
  /** In flight at once: per listener and kind, and of everyone together. */
  inFlightPerListener: number;
  inFlightTotal: number;
  /** No upload starts while the work folders' disk has less free. */
  minFreeBytes: number;
  /** Where the refusals' times are told. */
  timeZone: string;
}

/** An upload's place among those in flight; give it back when the upload is done. */
export interface Admission {
  release(): Promise<void>;
}

/*
 * Takes a place for an upload among the listener's (KEYS[1]) and everyone's (KEYS[2]) uploads in
 * flight, sorted sets of places scored by when they lapse, unless that passes a bound.
 * ARGV: place, lease ms, per listener, in total, the listener's stored uploads of the day, per day.
 * Answers 0 (taken), 1 (the listener has too many in flight), 2 (with those in flight the day is
 * full) or 3 (too many in total).
 */
const ENTER = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local mine = redis.call('ZCARD', KEYS[1])
if mine >= tonumber(ARGV[3]) then return 1 end
if mine + tonumber(ARGV[5]) >= tonumber(ARGV[6]) then return 2 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 3 end
local lapses = now + tonumber(ARGV[2])
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, lapses, ARGV[1])
  redis.call('PEXPIRE', key, ARGV[2])
end
return 0
`;

/* Renews a place (ARGV[1]) for ARGV[2] ms, where it still is. */
const RENEW = `
local time = redis.call('TIME')
local lapses = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) + tonumber(ARGV[2])
for _, key in ipairs(KEYS) do
  if redis.call('ZADD', key, 'XX', 'CH', lapses, ARGV[1]) == 1 then
    redis.call('PEXPIRE', key, ARGV[2])
  end
end
return 0
`;

const isDiskFull = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
};

/**
 * Keeps one listener, or all of them together, from filling the storage: an upload is refused
 * before a byte of it is read when the listener's day is full (stored and in flight), when they
 * or everyone together have too many in flight (held in Redis, so the bounds hold across copies
 * of the service), or when the disk of the work folders is nearly full. A disk that fills up
 * anyway is a 507 (counted and logged), never a 500.
 */
export class UploadAdmission {
  readonly #redis: FastifyInstance['redis'];
  readonly #workDir: string;
  readonly #limits: AdmissionLimits;
  readonly #log: FastifyBaseLogger;
  readonly #limiter: LogLimiter;
  readonly #storageFull: Counter<'cause'>;

  constructor(options: {
    redis: FastifyInstance['redis'];
    /** The folder the uploads are written to while they are checked. */
    workDir: string;
    limits: AdmissionLimits;
    metrics: Registry;
    log: FastifyBaseLogger;
    limiter: LogLimiter;
  }) {
    this.#redis = options.redis;
    this.#workDir = options.workDir;
    this.#limits = options.limits;
    this.#log = options.log;
    this.#limiter = options.limiter;
    this.#storageFull = new Counter({
      name: 'uploads_storage_full_total',
      help: 'Uploads refused because the storage is full: below the free-space floor, or out of space while writing',
      labelNames: ['cause'] as const,
      registers: [options.metrics],
    });
    const workDir = this.#workDir;
    new Gauge({
      name: 'uploads_storage_free_bytes',
      help: 'Free bytes on the disk of the upload work folders (the local storage, or the temporary folder)',
      registers: [options.metrics],
      async collect() {
        const free = await freeBytes(workDir).catch(() => null);
        if (free !== null) this.set(free);
      },
    });
  }

  /** How many of `kind` one listener may store in 24 hours. */
  perDay(kind: UploadKind): number {
    return this.#limits.perDay[kind];
  }

  /**
   * A place for one upload of `kind` by `userId`, whose stored ones of the last 24 hours were
   * made at `storedTimes` (oldest first); a refusal saying when it is possible again otherwise.
   */
  async enter(kind: UploadKind, userId: number, storedTimes: Date[]): Promise<Admission> {
    const limits = this.#limits;
    if (storedTimes.length >= limits.perDay[kind]) {
      throw this.dailyLimitReached(kind, storedTimes);
    }
    const free = await freeBytes(this.#workDir);
    if (free < limits.minFreeBytes) {
      throw this.#refuseStorageFull(kind, 'floor', { freeBytes: free });
    }
    assertRedisReady(this.#redis);
    const place = randomBytes(12).toString('hex');
    const keys = [`uploads:in-flight:${kind}:${userId}`, 'uploads:in-flight'];
    const answer = await this.#redis.eval(
      ENTER,
      keys.length,
      ...keys,
      place,
      LEASE_MS,
      limits.inFlightPerListener,
      limits.inFlightTotal,
      storedTimes.length,
      limits.perDay[kind],
    );
    if (answer === 1 || answer === 2) throw this.#listenerBusy(kind, answer === 2);
    if (answer === 3) throw everyoneBusy();
    const renew = setInterval(() => {
      this.#redis.eval(RENEW, keys.length, ...keys, place, LEASE_MS).catch(() => undefined);
    }, LEASE_MS / 3);
    renew.unref();
    return {
      release: async () => {
        clearInterval(renew);
        // Left when Redis is away: it lapses by itself.
        await Promise.all(keys.map((key) => this.#redis.zrem(key, place))).catch(() => undefined);
      },
    };
  }

  /** The refusal of one upload too many in 24 hours, given the stored ones' times (oldest first). */
  dailyLimitReached(kind: UploadKind, storedTimes: Date[], now = new Date()): HttpError {
    const perDay = this.#limits.perDay[kind];
    const oldest = storedTimes[storedTimes.length - perDay] ?? now;
    const next = new Date(oldest.getTime() + DAY_MS);
    const retryAfter = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
    return new HttpError(
      429,
      'DAILY_UPLOAD_LIMIT',
      `Je hebt het maximum van ${perDay} ${words[kind].many} per dag bereikt. Je kunt weer ${words[kind].again} vanaf ${this.#when(next)}.`,
      { 'retry-after': String(retryAfter) },
    );
  }

  /** A failure because the disk filled up while the upload was written: a 507, nothing else. */
  asStorageFull(kind: UploadKind, error: unknown): unknown {
    return isDiskFull(error)
      ? this.#refuseStorageFull(kind, 'write', { error: String(error) })
      : error;
  }

  #refuseStorageFull(
    kind: UploadKind,
    cause: 'floor' | 'write',
    details: Record<string, unknown>,
  ): HttpError {
    this.#storageFull.inc({ cause });
    this.#limiter.log(
      this.#log,
      'error',
      `storage-full:${cause}`,
      { ...details, cause, workDir: this.#workDir, minFreeBytes: this.#limits.minFreeBytes },
      'storage full: uploads are refused',
    );
    return new HttpError(
      507,
      'STORAGE_FULL',
      `De opslag is vol: je ${words[kind].one} is niet bewaard. Probeer het later opnieuw.`,
      { 'retry-after': String(STORAGE_FULL_RETRY_SECONDS) },
    );
  }

  #listenerBusy(kind: UploadKind, dayFull: boolean): HttpError {
    const { many } = words[kind];
    const message = dayFull
      ? `Met wat je nu nog uploadt, heb je het maximum van ${this.#limits.perDay[kind]} ${many} per dag bereikt. Lukt er een niet, dan kun je het daarna opnieuw proberen.`
      : `Je bent al met ${this.#limits.inFlightPerListener} ${many} tegelijk bezig. Je kunt weer ${words[kind].again} zodra er een klaar is.`;
    return new HttpError(429, 'UPLOADS_IN_PROGRESS', message, {
      'retry-after': String(RETRY_SECONDS),
    });
  }

  #when(moment: Date): string {
    return new Intl.DateTimeFormat('nl-NL', {
      timeZone: this.#limits.timeZone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(moment);
  }
}

const everyoneBusy = (): HttpError =>
  new HttpError(
    503,
    'UPLOADS_BUSY',
    'Er wordt nu te veel tegelijk geüpload. Probeer het over een minuut opnieuw.',
    { 'retry-after': String(RETRY_SECONDS) },
  );

/** Free bytes for an unprivileged writer on the disk of `dir` (made if missing). */
async function freeBytes(dir: string): Promise<number> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}
