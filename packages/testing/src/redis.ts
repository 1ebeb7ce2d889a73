import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { freePort, spawnTethered, stopProcess, waitFor } from './process.ts';

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

function redisBinary(): string {
  try {
    return execFileSync('which', ['redis-server'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('redis-server not found: install the redis-server package');
  }
}

function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.write('PING\r\n');
  });
}

/** A throwaway in-memory Redis on a free loopback port. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child = spawnTethered(redisBinary(), [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--protected-mode',
    'yes',
  ]);
  await waitFor(() => pings(port), 'test Redis');
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopProcess(child) };
}
