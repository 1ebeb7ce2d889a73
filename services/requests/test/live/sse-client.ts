import http from 'node:http';

export interface SseFrame {
  event?: string;
  id?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** Reads a text/event-stream over a raw HTTP connection, frame by frame (tests). */
export class SseStream {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly frames: SseFrame[] = [];
  /** Settles when the server ends the stream. */
  readonly ended: Promise<void>;
  readonly #request: http.ClientRequest;
  #cursor = 0;
  #notify: (() => void) | null = null;
  #body = '';

  private constructor(request: http.ClientRequest, response: http.IncomingMessage) {
    this.#request = request;
    this.status = response.statusCode ?? 0;
    this.headers = response.headers;
    response.setEncoding('utf8');
    let pending = '';
    response.on('data', (chunk: string) => {
      this.#body += chunk;
      pending += chunk;
      let end: number;
      while ((end = pending.indexOf('\n\n')) >= 0) {
        this.frames.push(parseFrame(pending.slice(0, end)));
        pending = pending.slice(end + 2);
      }
      this.#notify?.();
    });
    this.ended = new Promise((resolve) => {
      response.on('close', () => {
        this.#notify?.();
        resolve();
      });
    });
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } });
      request.on('response', (response) => resolve(new SseStream(request, response)));
      request.on('error', reject);
    });
  }

  /** The whole body so far (non-stream answers). */
  get body(): string {
    return this.#body;
  }

  /** The next frame (after those already taken) that is an event, within `timeoutMs`. */
  async nextEvent(timeoutMs = 2_000): Promise<SseFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.#cursor < this.frames.length) {
        const frame = this.frames[this.#cursor++];
        if (frame?.event !== undefined) return frame;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#notify = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  close(): void {
    this.#request.destroy();
  }
}

function parseFrame(text: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) {
      frame.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = line.slice(0, colon) as keyof SseFrame;
    const value = line.slice(colon + 1).replace(/^ /, '');
    frame[field] = frame[field] === undefined ? value : `${frame[field]}\n${value}`;
  }
  return frame;
}
