/**
 * The upload bench's reference receiver: a plain Node HTTP server that streams each request body
 * into a new file in the folder it is given (fsynced), and answers 201. No parsing, no checks: the
 * least any Node service must do with an upload. Prints its port, then serves until killed.
 *
 *   node bench/bare-receiver.ts <folder>
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const folder = process.argv[2] ?? '.';
const server = http.createServer((request, response) => {
  const file = path.join(folder, `received-${randomBytes(8).toString('hex')}`);
  pipeline(request, createWriteStream(file, { flags: 'wx', flush: true })).then(
    () => response.writeHead(201).end(),
    () => response.writeHead(500).end(),
  );
});
server.listen(0, '127.0.0.1', () => {
  console.log((server.address() as AddressInfo).port);
});
