import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { assertRedisReady } from '@radio/service-kit';
import { userErrors } from '../users/user-errors.ts';
import { AttemptWindow } from './attempt-window.ts';

const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Wrong passwords per window for one account from one client address. */
const MAX_FAILURES_PER_ADDRESS_AND_EMAIL = 5;
/** Wrong passwords per window from one client address, whatever the account. */
const MAX_FAILURES_PER_ADDRESS = 20;
/** Wrong passwords per window for one account (from new addresses) before each waits longer. */
const FREE_FAILURES_PER_EMAIL = 5;
const MAX_EMAIL_DELAY_SECONDS = 60;
/** Addresses an account logged in from lately skip the account's delay. */
const KNOWN_ADDRESS_DAYS = 30;
const MAX_KNOWN_ADDRESSES = 20;
/** Wrong current passwords per window in one logged-in user's own forms. */
const MAX_CONFIRM_FAILURES = 10;

/** Keys hold hashes only: their size is fixed whatever the client sends. */
const digest = (value: string): string =>
  createHash('sha256').update(value).digest('base64url').slice(0, 22);

const keysOf = (email: string, ip: string) => {
  const account = digest(email.trim().toLowerCase());
  const address = digest(ip);
  return {
    pair: `auth:login:pair:${account}:${address}`,
    address: `auth:login:ip:${address}`,
    account: `auth:login:email:${account}`,
    known: `auth:login:known:${account}`,
    addressHash: address,
  };
};

/**
 * Reserves one attempt, atomically, or says why not. A reservation counts like a wrong password
 * until it is released, so guesses sent in parallel are counted before any password is checked.
 * Returns [0] when reserved, else [1 pair | 2 address | 3 account delay, milliseconds to wait].
 */
const RESERVE = `
local pair = tonumber(redis.call('GET', KEYS[1]) or '0')
if pair >= tonumber(ARGV[3]) then return {1, redis.call('PTTL', KEYS[1])} end
local address = tonumber(redis.call('GET', KEYS[2]) or '0')
if address >= tonumber(ARGV[4]) then return {2, redis.call('PTTL', KEYS[2])} end
local now = tonumber(ARGV[1])
local count = tonumber(redis.call('HGET', KEYS[3], 'count') or '0')
local nextAt = tonumber(redis.call('HGET', KEYS[3], 'next') or '0')
local known = redis.call('SISMEMBER', KEYS[4], ARGV[7]) == 1
if not known and now < nextAt then return {3, nextAt - now} end
local window = tonumber(ARGV[2])
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
return {0, 0}
`;

/** Gives a reservation back: the check failed on Postgres, so it was no wrong password. */
const RELEASE = `
for i = 1, 2 do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
if tonumber(redis.call('HGET', KEYS[3], 'count') or '0') > 0 then
  redis.call('HINCRBY', KEYS[3], 'count', -1)
  redis.call('HSET', KEYS[3], 'next', 0)
end
return 0
`;

/** A correct password: the account starts afresh and remembers the address. */
const SUCCEED = `
redis.call('DEL', KEYS[1], KEYS[3])
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
redis.call('SADD', KEYS[4], ARGV[1])
while redis.call('SCARD', KEYS[4]) > tonumber(ARGV[2]) do redis.call('SPOP', KEYS[4]) end
redis.call('EXPIRE', KEYS[4], ARGV[3])
return 0
`;

export type AttemptOutcome = 'wrong-password' | 'correct-password';

/**
 * Slows password guessing without letting anyone lock the owner out (state in Redis, shared by
 * every auth copy):
 * - one address guessing one account: 5 wrong passwords, then 429 for the rest of the window;
 * - one address guessing many accounts: 20 wrong passwords, then 429;
 * - one account guessed from many addresses: after 5 wrong passwords each further attempt
 *   waits twice as long as the one before (1 s ... 60 s), except from an address the account
 *   logged in from lately, so the owner at home is never held up and elsewhere waits a minute
 *   at most.
 * Only wrong passwords count; a refused attempt or one that failed on Postgres does not.
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
    ip: string,
    check: () => Promise<{ outcome: AttemptOutcome; value: T }>,
  ): Promise<T> {
    assertRedisReady(this.#redis);
    const keys = keysOf(email, ip);
    const redisKeys = [keys.pair, keys.address, keys.account, keys.known];
    const [refusal, waitMs] = (await this.#redis.eval(
      RESERVE,
      4,
      ...redisKeys,
      Date.now(),
      LOGIN_WINDOW_SECONDS,
      MAX_FAILURES_PER_ADDRESS_AND_EMAIL,
      MAX_FAILURES_PER_ADDRESS,
      FREE_FAILURES_PER_EMAIL,
      MAX_EMAIL_DELAY_SECONDS * 1000,
      keys.addressHash,
    )) as [number, number];
    if (refusal !== 0) throw userErrors.tooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000)));

    let result: { outcome: AttemptOutcome; value: T };
    try {
      result = await check();
    } catch (error) {
      await this.#redis.eval(RELEASE, 3, keys.pair, keys.address, keys.account).catch(() => {});
      throw error;
    }
    if (result.outcome === 'correct-password') {
      await this.#redis.eval(
        SUCCEED,
        4,
        ...redisKeys,
        keys.addressHash,
        MAX_KNOWN_ADDRESSES,
        KNOWN_ADDRESS_DAYS * 24 * 60 * 60,
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
