import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { TestApp, TestUser } from '@radio/service-kit/testing';

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

/** Sends half of a multipart upload over a real connection, then drops the connection. */
export async function breakOffUpload(
  t: TestApp,
  user: TestUser,
  url: string,
  form: { payload: Buffer; headers: Record<string, string> },
): Promise<void> {
  const client = await t.clientFor(user);
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = new URL(address);
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: radio.test\r\nCookie: ${cookie}\r\n` +
          `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
      );
      socket.write(form.payload.subarray(0, Math.floor(form.payload.length / 2)), () => {
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
    });
    socket.on('error', reject);
  });
  // The server notices the broken connection and cleans up.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}
