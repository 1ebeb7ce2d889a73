import net from 'node:net';
import { freePort } from '@radio/testing';

/**
 * A loopback port in front of a real server that the test opens and shuts: shut, connections are
 * refused as if the server were down (it starts shut); open, it forwards to the server.
 */
export interface TcpGate {
  /** `url` with its host and port replaced by the gate's. */
  url: string;
  open(): Promise<void>;
  shut(): Promise<void>;
}

export async function tcpGate(targetUrl: string): Promise<TcpGate> {
  const target = new URL(targetUrl);
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    async open() {
      if (server) return;
      const listening = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server = listening;
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    },
    async shut() {
      const closing = server;
      server = null;
      if (!closing) return;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
