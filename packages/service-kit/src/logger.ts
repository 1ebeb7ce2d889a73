import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { logFormatOf, type RuntimeConfig } from './config.ts';

/** Never written to the logs: session cookies, shared secrets and the Deezer ARL. */
const redactedPaths = [
  'arl',
  '*.arl',
  'req.body.arl',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-internal-token"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
];

export function createLogger(config: RuntimeConfig, name: string): Logger {
  const options = { name, level: config.LOG_LEVEL, redact: redactedPaths };
  if (logFormatOf(config) === 'json') return pino(options);
  return pino(options, pretty({ colorize: process.stdout.isTTY, sync: true, singleLine: true }));
}
