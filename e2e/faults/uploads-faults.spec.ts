/**
 * The uploads service killed (kill -9) in the middle of an upload, on the fault suite's stack:
 *   - while it is down, an upload larger than the gateway's default body limit (2 MB) gets the
 *     gateway's JSON 503, not nginx's English HTML 413;
 *   - once the supervisor has restarted it, the killed upload's work folder
 *     (STORAGE_DIR/.incoming/radio-*) is gone.
 * The supervisor is held (SIGSTOP) between the kill and the check, so the service is down for
 * certain while the large upload is sent.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { adminCredentials, alive, baseURL, dataDir, httpStatus } from '../support/stack.ts';

const pidFile = (): string => path.join(dataDir(), 'run/pids/uploads.pid');
const incoming = (): string => path.join(dataDir(), 'storage/.incoming');

function readPid(file: string): number {
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no pid in ${file}`);
  return pid;
}

/** The state and parent of a process (proc(5)); null once it is gone. */
function statusOf(pid: number): { state: string; parent: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state = '', parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, parent: Number(parent) };
  } catch {
    return null;
  }
}

/** Killed: a zombie too, since its held supervisor cannot reap it. */
const dead = (pid: number): boolean => [undefined, 'Z'].includes(statusOf(pid)?.state);

const workFolders = (): string[] =>
  existsSync(incoming()) ? readdirSync(incoming()).filter((name) => name.startsWith('radio-')) : [];

async function sessionCookie(): Promise<string> {
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminCredentials()),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * A track upload of `total` bytes of which only the first `sent` go out: the connection stays
 * open, the upload in flight, until `stop`.
 */
function startUpload(
  cookie: string,
  total: number,
  sent: number,
): { answer: Promise<{ status: number; type: string; body: string }>; stop: () => void } {
  const boundary = 'radiofaults';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="artist"\r\n\r\nA\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="submittedBy"\r\n\r\nFout\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="groot.mp3"\r\n` +
      'Content-Type: audio/mpeg\r\n\r\n',
  );
  const request = http.request(`${baseURL()}/api/cloud-upload`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(total),
    },
  });
  const answer = new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers['content-type'] ?? '',
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    request.on('error', reject);
  });
  answer.catch(() => undefined);
  request.write(head);
  request.write(Buffer.alloc(Math.min(sent, total) - head.length, 1));
  if (sent >= total) request.end();
  return { answer, stop: () => request.destroy() };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  await expect.poll(check, { message: what, timeout: 60_000, intervals: [100] }).toBe(true);
}

test('a kill -9 mid-upload leaves no work folder, and a large upload meanwhile gets the JSON 503', async () => {
  const cookie = await sessionCookie();
  const before = workFolders();
  const killed = startUpload(cookie, 40 * 1024 * 1024, 4 * 1024 * 1024);
  await until(() => workFolders().length > before.length, 'the upload being written');

  const pid = readPid(pidFile());
  // The service's scripts/supervise.sh.
  const supervisor = statusOf(pid)!.parent;
  process.kill(supervisor, 'SIGSTOP');
  try {
    process.kill(pid, 'SIGKILL');
    await until(() => dead(pid), 'the uploads service gone');
    expect(workFolders().length).toBeGreaterThan(before.length);

    const started = Date.now();
    const large = startUpload(cookie, 3 * 1024 * 1024, 3 * 1024 * 1024);
    const answer = await large.answer;
    expect(answer.status, answer.body).toBe(503);
    expect(answer.type).toBe('application/json');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(2_000);
  } finally {
    killed.stop();
    process.kill(supervisor, 'SIGCONT');
  }

  await until(() => {
    try {
      const now = readPid(pidFile());
      return now !== pid && alive(now);
    } catch {
      return false;
    }
  }, 'the uploads service restarted');
  await until(
    async () => (await httpStatus(`${baseURL()}/_health/uploads/readyz`)) === 200,
    'the uploads service ready',
  );
  await until(
    () => JSON.stringify(workFolders()) === JSON.stringify(before),
    "the killed upload's work folder removed",
  );
});
