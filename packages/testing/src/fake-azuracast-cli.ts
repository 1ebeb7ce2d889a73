/**
 * The behavioural fake AzuraCast as a process, for end-to-end tests:
 *
 *   node packages/testing/src/fake-azuracast-cli.ts --port 8123 --version 0.23 --locale nl \
 *     [--api-key 0123456789abcdef:0123456789abcdef0123456789abcdef] [--permissions media,broadcasting,reports] \
 *     [--requests-enabled false] [--request-delay 5] [--request-threshold 15] [--ip-source xff]
 *
 * Prints one JSON line `{"url":...,"nowPlayingUrl":...}` once listening; stops when a piped stdin
 * closes, on SIGTERM or SIGINT. Its clock follows the wall clock; `/__fake/*` moves it and the music:
 * POST /__fake/play-next, POST /__fake/advance?ms=N, POST /__fake/requests-enabled?value=false,
 * GET /__fake/state.
 */
import { fstatSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  startFakeAzuraCast,
  type FakeAzuraCastLocale,
  type FakeAzuraCastVersion,
  type FakeStationPermission,
} from './fake-azuracast.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    version: { type: 'string', default: '0.23' },
    locale: { type: 'string', default: 'en' },
    'api-key': { type: 'string' },
    permissions: { type: 'string', default: 'view,reports,broadcasting,media' },
    'requests-enabled': { type: 'string', default: 'true' },
    'request-delay': { type: 'string' },
    'request-threshold': { type: 'string' },
    'ip-source': { type: 'string', default: 'local' },
  },
});

const versions: FakeAzuraCastVersion[] = ['0.19.3', '0.22', '0.23'];
const version = versions.find((v) => v === values.version);
if (!version) throw new Error(`--version must be one of ${versions.join(', ')}`);
if (values.locale !== 'en' && values.locale !== 'nl') throw new Error('--locale must be en or nl');
const locale: FakeAzuraCastLocale = values.locale;
const optionalNumber = (value: string | undefined): number | undefined =>
  value === undefined ? undefined : Number(value);

const fake = await startFakeAzuraCast({
  version,
  locale,
  apiKeys: values['api-key']
    ? {
        [values['api-key']]: {
          permissions: values.permissions.split(',').filter(Boolean) as FakeStationPermission[],
        },
      }
    : {},
  requestsEnabled: values['requests-enabled'] !== 'false',
  requestDelayMinutes: optionalNumber(values['request-delay']),
  requestThresholdMinutes: optionalNumber(values['request-threshold']),
  ipSource: values['ip-source'] === 'xff' ? 'xff' : 'local',
  startAt: new Date(),
  clock: 'real',
  controlRoutes: true,
  port: Number(values.port),
});
const url = fake.url;

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await fake.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// A piped stdin is the tether to the parent; /dev/null (stdio 'ignore') is not.
const stdin = fstatSync(0);
if (stdin.isFIFO() || stdin.isSocket()) {
  process.stdin.on('end', () => void stop());
  process.stdin.on('close', () => void stop());
  process.stdin.resume();
} else {
  setInterval(() => {}, 1 << 30);
}

process.stdout.write(
  `${JSON.stringify({ url, nowPlayingUrl: `${url}/api/nowplaying/1`, version, locale })}\n`,
);
