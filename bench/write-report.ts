/**
 * Turns the wrk summaries of scripts/bench.sh (one JSON line per run) into the markdown report
 * bench/results/<date>.md. Machine facts come in BENCH_MACHINE_JSON.
 *   node bench/write-report.ts <results.jsonl>
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
/** One line of scripts/bench.sh: the run and what bench/wrk-summary.lua printed. */
interface Run {
  name: string;
  path: string;
  connections: number;
  summary: {
    requests: number;
    durationUs: number;
    bytes: number;
    p50Us: number;
    p99Us: number;
    maxUs: number;
    socketErrors: number;
    non2xx: number;
  };
}

type Machine = Record<
  | 'cpus'
  | 'memory'
  | 'cpuModel'
  | 'node'
  | 'postgres'
  | 'nginx'
  | 'wrk'
  | 'redis'
  | 'seedSeconds'
  | 'stationDay'
  | 'secondsPerRun'
  | 'gatewayCachesNowPlaying'
  | 'loadBefore'
  | 'loadRepeats',
  string
>;

const NOW_PLAYING_GOAL = 0.8;
const ARCHIVE_P99_GOAL_MS = 20;
const ARCHIVE_CALLS = ['available-dates', 'available-hours', 'playlist-hour', 'playlist-all'];

const resultsFile = process.argv[2];
if (!resultsFile) throw new Error('usage: node bench/write-report.ts <results.jsonl>');
const runs = readFileSync(resultsFile, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Run);
const machine = JSON.parse(process.env.BENCH_MACHINE_JSON ?? '{}') as Machine;

const perSecond = (run: Run): number => run.summary.requests / (run.summary.durationUs / 1e6);
const ms = (us: number): string => (us / 1000).toFixed(us < 10_000 ? 2 : 1);
const count = (n: number): string => Math.round(n).toLocaleString('en-US');
const mark = (ok: boolean): string => (ok ? '✅' : '❌');
const errors = (run: Run): number => run.summary.socketErrors + run.summary.non2xx;

/** The median run (by requests per second) of the repeats of one call at one load. */
function find(name: string, connections: number): Run {
  const repeats = runs
    .filter((r) => r.name === name && r.connections === connections)
    .sort((a, b) => perSecond(a) - perSecond(b));
  const median = repeats[Math.floor(repeats.length / 2)];
  if (!median) throw new Error(`no run ${name} at ${connections} connections`);
  return median;
}

const loadConnections = [
  ...new Set(runs.filter((r) => r.name === 'now-playing').map((r) => r.connections)),
];
const loadRows: string[] = [];
const nowPlayingRatios: number[] = [];
for (const [api, twin] of [
  ['now-playing', 'static-now-playing'],
  ['playlist-day', 'static-playlist-day'],
] as const) {
  for (const connections of loadConnections) {
    const run = find(api, connections);
    const staticRun = find(twin, connections);
    const ratio = perSecond(run) / perSecond(staticRun);
    if (api === 'now-playing') nowPlayingRatios.push(ratio);
    loadRows.push(
      `| \`${run.path}\` | ${count(run.summary.bytes / run.summary.requests)} B | ${connections} | ${count(perSecond(run))} | ${count(perSecond(staticRun))} | **${ratio.toFixed(2)}** | ${ms(run.summary.p99Us)} | ${ms(staticRun.summary.p99Us)} | ${errors(run)} / ${errors(staticRun)} |`,
    );
  }
}

const archiveConnections = [
  ...new Set(runs.filter((r) => r.name === ARCHIVE_CALLS[0]).map((r) => r.connections)),
].sort((a, b) => a - b);
const [goalConnections = 1] = archiveConnections;
const archiveRows = ARCHIVE_CALLS.map((name) => {
  const cells = archiveConnections.map((connections) => {
    const run = find(name, connections);
    return `${count(perSecond(run))} | ${ms(run.summary.p50Us)} | ${ms(run.summary.p99Us)} | ${errors(run)}`;
  });
  return `| ${name} | \`${find(name, goalConnections).path}\` | ${cells.join(' | ')} |`;
});
const worstArchiveP99 =
  Math.max(...ARCHIVE_CALLS.map((name) => find(name, goalConnections).summary.p99Us)) / 1000;
const nowPlayingOk = nowPlayingRatios.every((ratio) => ratio >= NOW_PLAYING_GOAL);
const date = new Date().toISOString().slice(0, 10);
const gatewayNote = `
The gateway does not cache /api/now-playing, so every call crosses nginx to the one Node process
over a new upstream connection: that alone keeps the ratio far below the goal, however cheap the
answer is (it is rendered once a second). The service sends \`X-Accel-Expires: 1\`: with
\`proxy_cache\` on that location the gateway serves all but one call a second from its cache.
`;

const report = `# Playlist service benchmark, ${date}

Written by \`make bench\` (scripts/bench.sh) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.

- Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memory} memory. wrk, nginx, the
  playlist service (one Node process), Postgres and Redis all share these CPUs.
- Versions: Node ${machine.node}, ${machine.postgres}, ${machine.nginx}, ${machine.wrk}, ${machine.redis}.
- Data: 1,000,000 plays in play_history (one every 3.5 minutes, about 6.7 years; seeded in
  ${machine.seedSeconds} s). Station day measured: ${machine.stationDay} (Europe/Amsterdam).
- The load runs go through the gateway (nginx, the project's template) on loopback; each wrk run
  lasts ${machine.secondsPerRun} s with 2 threads. The static twin of an endpoint is a file with
  exactly its answer's bytes, served by the same gateway in the same run; API and static runs
  alternate ${machine.loadRepeats} times per load and the table shows the median of each.
- The gateway caches /api/now-playing: ${machine.gatewayCachesNowPlaying}. Load average just
  before the runs (other work on the machine shows here): ${machine.loadBefore}.

## Now playing and a day's playlist against a static file of the same size

| endpoint | body | connections | API req/s | static req/s | ratio | API p99 ms | static p99 ms | errors API / static |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${loadRows.join('\n')}

Goal: now playing at least ${NOW_PLAYING_GOAL} of the static file's requests per second: ${mark(nowPlayingOk)}
(${nowPlayingRatios.map((ratio) => ratio.toFixed(2)).join(' and ')}).
${machine.gatewayCachesNowPlaying === 'yes' ? '' : gatewayNote}
## Archive calls on 1,000,000 plays

Straight to the playlist service (the gateway would answer most of them from its few-second
cache): the service and Postgres doing the work, as on every cache miss.

| call | path | ${archiveConnections.map((c) => `c=${c} req/s | c=${c} p50 ms | c=${c} p99 ms | c=${c} errors`).join(' | ')} |
| --- | --- | ${archiveConnections.map(() => '---: | ---: | ---: | ---:').join(' | ')} |
${archiveRows.join('\n')}

Goal: p99 under ${ARCHIVE_P99_GOAL_MS} ms for a listener's call (c=${goalConnections}): ${mark(worstArchiveP99 < ARCHIVE_P99_GOAL_MS)} (worst ${worstArchiveP99.toFixed(1)} ms).
`;

mkdirSync(new URL('results/', import.meta.url), { recursive: true });
const out = new URL(`results/${date}.md`, import.meta.url);
writeFileSync(out, report);
process.stdout.write(`${report}\nreport: ${out.pathname}\n`);
