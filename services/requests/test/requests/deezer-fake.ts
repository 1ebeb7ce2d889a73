import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const fixtures = new URL('../../../../packages/testing/fixtures/deezer/', import.meta.url);
const fixture = (name: string): string => readFileSync(new URL(name, fixtures), 'utf8');

/**
 * Deezer's public `GET /track/{id}` on a loopback port: the fixture's track for its id
 * (3108251), Deezer's "no data" error (HTTP 200) for any other.
 */
export async function startFakeDeezer(): Promise<{ url: string; close: () => Promise<void> }> {
  const track = fixture('track.json');
  const noData = fixture('error-nodata.json');
  const server = http.createServer((request, response) => {
    const id = /^\/track\/([^/?]+)/.exec(request.url ?? '')?.[1];
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(id === String(JSON.parse(track).id) ? track : noData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
