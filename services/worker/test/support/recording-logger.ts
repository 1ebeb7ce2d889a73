import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A logger that keeps its lines, to count what was logged. */
export function recordingLogger(): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines };
}

export const linesWith = (lines: LogLine[], text: string): LogLine[] =>
  lines.filter((line) => line.msg.includes(text));
