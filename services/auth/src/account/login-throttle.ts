import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { assertRedisReady } from '@radio/service-kit';
import { userErrors } from '../users/user-errors.ts';
import { AttemptWindow } from './attempt-window.ts';

const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Wrong passwords per window for one account from one client address, or from one known device. */
const MAX_FAILURES_PER_PAIR = 5;
/** Wrong passwords per window from one client address, whatever the account. */
const MAX_FAILURES_PER_ADDRESS = 20;
/** Wrong passwords per window for one account (from new addresses) before each waits longer. */
const FREE_FAILURES_PER_EMAIL = 5;
const MAX_EMAIL_DELAY_SECONDS = 60;
/** Addresses and devices an account logged in from lately: see LoginThrottle. */
export const KNOWN_CLIENT_DAYS = 30;
const MAX_KNOWN_CLIENTS = 20;
/** Wrong current passwords per window in one logged-in user's own forms. */
const MAX_CONFIRM_FAILURES = 10;

/** Keys hold hashes only: their size is fixed whatever the client sends. */
const digest = (value: string): string =>
  createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** The keys of one attempt, in the order the scripts read them (KEYS[1..7]). */
const keysOf = (email: string, ip: string, device: string, attemptId: string) => {
  const account = digest(email.trim().toLowerCase());
  const address = digest(ip);
  const deviceHash = digest(device);
  return {
    list: [
      `auth:login:pair:${account}:${address}`,
      `auth:login:ip:${address}`,
      `auth:login:email:${account}`,
      `auth:login:known:${account}`,
      `auth:login:devices:${account}`,
      `auth:login:device:${account}:${deviceHash}`,
      `auth:login:attempt:${attemptId}`,
    ],
    address,
    device: deviceHash,
  };
};

/**
 * Reserves one attempt, atomically, or says why not. A reservation counts like a wrong password
 * until it is released, so guesses sent in parallel are counted before any password is checked.
 * A known device (KEYS[5]) is counted on its own (KEYS[6]); any other client per address and
 * account (KEYS[1]), per address (KEYS[2]), and per account with a growing delay (KEYS[3]),
 * which a known address (KEYS[4]) skips. KEYS[7] records what was reserved, for RELEASE and
 * SUCCEED; found already set, the attempt was released before this reservation arrived.
 * Returns [0] when reserved, else [1 pair | 2 address | 3 account delay | 4 released, ms to wait].
 */
const RESERVE = `
if redis.call('EXISTS', KEYS[7]) == 1 then return {4, 0} end
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
if redis.call('SISMEMBER', KEYS[5], ARGV[8]) == 1 then
  if tonumber(redis.call('GET', KEYS[6]) or '0') >= limit then return {1, redis.call('PTTL', KEYS[6])} end
  redis.call('INCR', KEYS[6])
  redis.call('EXPIRE', KEYS[6], window, 'NX')
  redis.call('SET', KEYS[7], 'device', 'EX', window)
  return {0, 0}
end
if tonumber(redis.call('GET', KEYS[1]) or '0') >= limit then return {1, redis.call('PTTL', KEYS[1])} end
local address = tonumber(redis.call('GET', KEYS[2]) or '0')
if address >= tonumber(ARGV[4]) then return {2, redis.call('PTTL', KEYS[2])} end
local now = tonumber(ARGV[1])
local count = tonumber(redis.call('HGET', KEYS[3], 'count') or '0')
local nextAt = tonumber(redis.call('HGET', KEYS[3], 'next') or '0')
local known = redis.call('SISMEMBER', KEYS[4], ARGV[7]) == 1
if not known and now < nextAt then return {3, nextAt - now} end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], window, 'NX')
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], window, 'NX')
count = count + 1
local delay = 0
local free = tonumber(ARGV[5])
if count >= free then delay = math.min(1000 * 2 ^ (count - free), tonumber(ARGV[6])) end
redis.call('HSET', KEYS[3], 'count', count, 'next', now + delay)
redis.call('EXPIRE', KEYS[3], window)
redis.call('SET', KEYS[7], 'reserved', 'EX', window)
return {0, 0}
`;

/**
 * Gives a reservation back: no password was checked (Postgres failed, or the reservation's
 * answer never came). Marks the attempt released, so a reservation that arrives later (the
 * client gave up on it while Redis was frozen, then sent this) reserves nothing.
 */
const RELEASE = `
local state = redis.call('GET', KEYS[7])
redis.call('SET', KEYS[7], 'released', 'EX', ARGV[1])
local function decrement(key)
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
if state == 'device' then decrement(KEYS[6]) end
if state == 'reserved' then
  decrement(KEYS[1])
  decrement(KEYS[2])
  if tonumber(redis.call('HGET', KEYS[3], 'count') or '0') > 0 then
    redis.call('HINCRBY', KEYS[3], 'count', -1)
    redis.call('HSET', KEYS[3], 'next', 0)
  end
end
return 0
`;

/** A correct password: the account starts afresh and remembers the address and the device. */
const SUCCEED = `
if redis.call('GET', KEYS[7]) == 'reserved' and tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then
  redis.call('DECR', KEYS[2])
end
redis.call('DEL', KEYS[1], KEYS[3], KEYS[6], KEYS[7])
for i, member in ipairs({ARGV[1], ARGV[2]}) do
  local set = KEYS[3 + i]
  redis.call('SADD', set, member)
  while redis.call('SCARD', set) > tonumber(ARGV[3]) do redis.call('SPOP', set) end
  redis.call('EXPIRE', set, ARGV[4])
end
return 0
`;

export type AttemptOutcome = 'wrong-password' | 'correct-password';

/** Where a login comes from: the client address and the browser's device id (see DeviceCookie). */
export interface LoginClient {
  ip: string;
  device: string;
}

/**
 * Slows password guessing without letting anyone lock the owner out (state in Redis, shared by
 * every auth copy), after OWASP's device cookies:
 * - a browser the account logged in from lately (a known device): 5 wrong passwords, then 429
 *   for that browser only; nothing from other clients (a shared studio address) holds it up;
 * - one address guessing one account: 5 wrong passwords, then 429 for the rest of the window;
 * - one address guessing many accounts: 20 wrong passwords, then 429;
 * - one account guessed from many addresses: after 5 wrong passwords each further attempt
 *   waits twice as long as the one before (1 s ... 60 s), except from an address the account
 *   logged in from lately, so the owner at home is never held up and elsewhere waits a minute
 *   at most.
 * Only wrong passwords count; a refused attempt, one that failed on Postgres, and one whose
 * reservation got no answer from Redis do not.
 */
export class LoginThrottle {
  readonly #redis: Redis;
  readonly #confirmations: AttemptWindow;

  constructor(redis: Redis) {
    this.#redis = redis;
    this.#confirmations = new AttemptWindow(redis, LOGIN_WINDOW_SECONDS, MAX_CONFIRM_FAILURES);
  }

  /** Runs `check` as one counted attempt; throws the 429 answer when the attempt is refused. */
  async attempt<T>(
    email: string,
    client: LoginClient,
    check: () => Promise<{ outcome: AttemptOutcome; value: T }>,
  ): Promise<T> {
    assertRedisReady(this.#redis);
    const keys = keysOf(email, client.ip, client.device, randomUUID());
    const release = (): Promise<unknown> =>
      this.#redis.eval(RELEASE, keys.list.length, ...keys.list, LOGIN_WINDOW_SECONDS);
    let refusal: number;
    let waitMs: number;
    try {
      [refusal, waitMs] = (await this.#redis.eval(
        RESERVE,
        keys.list.length,
        ...keys.list,
        Date.now(),
        LOGIN_WINDOW_SECONDS,
        MAX_FAILURES_PER_PAIR,
        MAX_FAILURES_PER_ADDRESS,
        FREE_FAILURES_PER_EMAIL,
        MAX_EMAIL_DELAY_SECONDS * 1000,
        keys.address,
        keys.device,
      )) as [number, number];
    } catch (error) {
      // The reservation may still be carried out (a frozen Redis runs it when it wakes up):
      // the release follows it on the same connection. Not awaited: Redis is not answering.
      release().catch(() => {});
      throw error;
    }
    if (refusal !== 0) throw userErrors.tooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000)));

    let result: { outcome: AttemptOutcome; value: T };
    try {
      result = await check();
    } catch (error) {
      await release().catch(() => {});
      throw error;
    }
    if (result.outcome === 'correct-password') {
      await this.#redis.eval(
        SUCCEED,
        keys.list.length,
        ...keys.list,
        keys.address,
        keys.device,
        MAX_KNOWN_CLIENTS,
        KNOWN_CLIENT_DAYS * 24 * 60 * 60,
      );
    }
    return result.value;
  }

  /**
   * A logged-in user confirming their own password (change password / e-mail). Counted per
   * user, apart from the login limits, so nobody guessing at the login can block these forms.
   */
  async confirm(userId: number, check: () => Promise<boolean>): Promise<void> {
    const key = `auth:confirm:${userId}`;
    const wait = await this.#confirmations.take(key);
    if (wait !== null) throw userErrors.tooManyAttempts(wait);
    let matches: boolean;
    try {
      matches = await check();
    } catch (error) {
      await this.#confirmations.giveBack(key);
      throw error;
    }
    if (matches) {
      await this.#confirmations.reset(key);
      return;
    }
    throw userErrors.wrongCurrentPassword();
  }
}
