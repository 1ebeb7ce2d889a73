import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { TestApp, TestUser } from '@radio/service-kit/testing';
import { localStagingDir } from '@radio/storage';
import { waitFor } from '@radio/testing';

/** The stored objects (files of the local driver) and the rows of `table`, to prove nothing stayed. */
export async function storedState(
  t: TestApp,
  storageDir: string,
  table: 'voiceMessages' | 'cloudUploads',
): Promise<{ objects: string[]; rows: number }> {
  const entries = await readdir(storageDir, { recursive: true, withFileTypes: true });
  const objects = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storageDir, path.join(entry.parentPath, entry.name)));
  const { count } = await t.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return { objects: objects.sort(), rows: Number(count) };
}

/** The service's folders for uploads in progress (the local driver's staging folder). */
export async function workDirs(storageDir: string): Promise<string[]> {
  const entries = await readdir(localStagingDir(storageDir)).catch(() => []);
  return entries.sort();
}

/** Where a test app listens on a real port (the first call makes it listen). */
const addresses = new WeakMap<TestApp, Promise<string>>();
function addressOf(t: TestApp): Promise<string> {
  let address = addresses.get(t);
  if (!address) {
    address = t.app.listen({ port: 0, host: '127.0.0.1' });
    addresses.set(t, address);
  }
  return address;
}

export interface HeldUpload {
  /** Sends the rest of the body; answers the status line's code and the body. */
  finish(): Promise<{ status: number; body: string }>;
  /** Drops the connection. */
  breakOff(): void;
}

/**
 * Sends half of a multipart upload over a real connection and holds it there: an upload in
 * flight. Waits until the service has started on it (a new work folder in its storage).
 */
export async function holdUpload(
  t: TestApp,
  user: TestUser,
  url: string,
  form: { payload: Buffer; headers: Record<string, string> },
  storageDir: string,
): Promise<HeldUpload> {
  const before = (await workDirs(storageDir)).length;
  const client = await t.clientFor(user);
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const { port } = new URL(await addressOf(t));
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: radio.test\r\nCookie: ${cookie}\r\nConnection: close\r\n` +
      `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
  );
  const half = Math.floor(form.payload.length / 2);
  socket.write(form.payload.subarray(0, half));
  await waitFor(
    async () => (await workDirs(storageDir)).length > before,
    'the service working on the upload',
  );
  return {
    finish: async () => {
      const ended = new Promise((resolve) => socket.once('close', resolve));
      socket.write(form.payload.subarray(half));
      await ended;
      const answer = Buffer.concat(chunks).toString();
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      return { status: Number(answer.split(' ')[1]), body };
    },
    breakOff: () => socket.destroy(),
  };
}

/**
 * Sends half of a multipart upload over a real connection and drops the connection once the
 * service has started on it, then waits until the service has let go of it: its work folders
 * are as before.
 */
export async function breakOffUpload(
  t: TestApp,
  user: TestUser,
  url: string,
  form: { payload: Buffer; headers: Record<string, string> },
  storageDir: string,
): Promise<void> {
  const before = await workDirs(storageDir);
  (await holdUpload(t, user, url, form, storageDir)).breakOff();
  await waitFor(
    async () => JSON.stringify(await workDirs(storageDir)) === JSON.stringify(before),
    'the work folder of the broken-off upload removed',
  );
}
