/**
 * Logins while Redis is frozen (kill -STOP, ~12 s, then kill -CONT): its connections stay open
 * and nothing answers. Asserted: every login with the right password gets 200 or a fast (< 1 s)
 * 503, never 401 or 429; afterwards the login throttle counts no failure for these accounts or
 * the address, and everyone logs in once Redis has caught up.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createListener } from '../support/pages.ts';
import { adminCredentials, baseURL, dataDir, stackPort, httpStatus } from '../support/stack.ts';
import { pace } from '../support/waiting.ts';

const FREEZE_MS = 12_000;
const FAST_MS = 1_000;

function redis(...args: string[]): string {
  return execFileSync('redis-cli', ['-p', String(stackPort('REDIS_PORT')), '--raw', ...args], {
    encoding: 'utf8',
    timeout: 5_000,
  }).trim();
}

/** The login throttle's key part for an e-mail address (services/auth login-throttle.ts). */
const digest = (value: string): string =>
  createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** Failures the throttle counts, by key, for these accounts and for every address. */
function countedFailures(emails: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  const patterns = [
    'auth:login:ip:*',
    ...emails.flatMap((email) => {
      const account = digest(email.toLowerCase());
      return [`auth:login:pair:${account}:*`, `auth:login:email:${account}`];
    }),
  ];
  for (const pattern of patterns) {
    for (const key of redis('--scan', '--pattern', pattern).split('\n').filter(Boolean)) {
      counts[key] = Number(
        key.startsWith('auth:login:email:') ? redis('hget', key, 'count') : redis('get', key),
      );
    }
  }
  return counts;
}

async function logIn(account: { email: string; password: string }) {
  const started = Date.now();
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  const body = (await response?.text()) ?? '';
  return { email: account.email, status: response?.status ?? 0, ms: Date.now() - started, body };
}

const everyServiceReady = async (): Promise<boolean> =>
  (
    await Promise.all(
      ['auth', 'requests', 'playlist', 'uploads'].map((s) =>
        httpStatus(`${baseURL()}/_health/${s}/readyz`),
      ),
    )
  ).every((code) => code === 200);

test('correct logins during a Redis freeze: 200 or a fast 503, and no failure counted', async () => {
  test.setTimeout(60_000);
  const accounts = [
    adminCredentials(),
    await createListener('Bevroren Een'),
    await createListener('Bevroren Twee'),
  ];
  for (const account of accounts) expect((await logIn(account)).status).toBe(200);
  const before = countedFailures(accounts.map((a) => a.email));

  const redisPid = Number(readFileSync(path.join(dataDir(), 'redis/redis.pid'), 'utf8').trim());
  const answers: Awaited<ReturnType<typeof logIn>>[] = [];
  process.kill(redisPid, 'SIGSTOP');
  try {
    const frozenUntil = Date.now() + FREEZE_MS;
    await Promise.all(
      accounts.map(async (account) => {
        while (Date.now() < frozenUntil) {
          answers.push(await logIn(account));
          await pace(100);
        }
      }),
    );
  } finally {
    process.kill(redisPid, 'SIGCONT');
  }
  await expect.poll(everyServiceReady, { timeout: 30_000 }).toBe(true);

  const refused = answers.filter(({ status }) => status !== 200 && status !== 503);
  const slow = answers.filter(({ status, ms }) => status !== 200 && ms >= FAST_MS);
  const count = (status: number) => answers.filter((a) => a.status === status).length;
  const slowest = Math.max(...answers.filter((a) => a.status !== 200).map((a) => a.ms));
  console.log(
    `logins during the freeze: ${answers.length}, 200: ${count(200)}, 503: ${count(503)}, ` +
      `other: ${refused.length}, slowest non-200: ${slowest} ms`,
  );
  expect(answers.length).toBeGreaterThan(20);
  expect(refused).toEqual([]);
  expect(slow).toEqual([]);

  const after = countedFailures(accounts.map((a) => a.email));
  console.log(
    'login throttle counters before:',
    JSON.stringify(before),
    'after:',
    JSON.stringify(after),
  );
  const accountKeys = Object.entries(after).filter(
    ([key, count]) => !key.includes(':ip:') && count,
  );
  expect(accountKeys).toEqual([]);
  for (const [key, count] of Object.entries(after)) {
    if (key.includes(':ip:')) expect({ key, count }).toEqual({ key, count: before[key] ?? 0 });
  }
  // Just after the thaw Redis may still be working off what waited: a 503 then is honest, a 401
  // or 429 is not. Everyone logs in once it has caught up.
  for (const account of accounts) {
    await expect
      .poll(async () => {
        const { status, body } = await logIn(account);
        expect([200, 503], body).toContain(status);
        return status;
      })
      .toBe(200);
  }
});
