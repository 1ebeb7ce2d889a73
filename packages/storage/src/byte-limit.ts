import { Transform, type TransformCallback } from 'node:stream';
import { ObjectTooLargeError } from './storage.ts';

/** Passes bytes through and fails with ObjectTooLargeError once more than `maxBytes` went by. */
export class ByteLimit extends Transform {
  readonly #maxBytes: number;
  bytes = 0;

  constructor(maxBytes: number) {
    super();
    this.#maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.#maxBytes) done(new ObjectTooLargeError(this.#maxBytes));
    else done(null, chunk);
  }
}
