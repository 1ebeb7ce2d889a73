// Reads stack/processes.json, the one list of the stack's processes, for scripts/up.sh,
// scripts/bench.sh and scripts/render-gateway.sh (through `processes` in scripts/lib.sh) and for
// stack/test/compose.test.ts. ${VAR} in a command or env value is the native setting VAR.
//
// Each prints one record a line, fields separated by tabs; --dev: as `scripts/up.sh --dev` runs.
//   names [--dev] [--health http|heartbeat|daemon|exit]
//                      the processes this stack runs (by STATION, --dev), in start order
//   plan [--dev]       what scripts/up.sh needs before it starts anything:
//                        port VAR                       a port that must be free (not a daemon's)
//                        copies NAME PORT_VAR METRICS_VAR N   N copies (*_REPLICAS, checked)
//                        http NAME PORT_VAR PATH        answers GET PATH (through the gateway)
//                        daemon NAME START STOP         shell commands, in start order
//   supervise [--dev]  NAME COLOR COMMAND: a shell command per copy, under scripts/supervise.sh
//                      (after scripts/up.sh has set *_PORTS and *_METRICS_PORTS for the copies)
//   vars port|metrics  the port or metrics variables of every process
//   argv NAME [--stop] its native command (with its env), NUL-separated, for "${argv[@]}"
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const manifestPath = path.join(root, 'stack/processes.json');

const variable = z.string().regex(/^[A-Z][A-Z0-9_]*$/);

const health = z.union([
  /** GET PATH on its port answers 200 (natively checked through the gateway's /_health/NAME). */
  z.strictObject({ http: z.string().startsWith('/') }),
  /** The file in the env variable named is touched at least every `stale` seconds. */
  z.strictObject({ heartbeat: variable, stale: z.number().int().positive() }),
  /** A daemon its start command leaves running: alive while the pid in `pidfile` is. */
  z.strictObject({ daemon: z.strictObject({ pidfile: z.string(), log: z.string() }) }),
  /** Only that it runs: restarted when it exits. */
  z.literal('exit'),
]);

const processSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9-]*$/),
  about: z.string(),
  /** concurrently's prefix colour. */
  color: z.string(),
  command: z.array(z.string()).nonempty(),
  /** Daemons: the command that stops them (scripts/up.sh runs it after the supervisor). */
  stop: z.array(z.string()).nonempty().optional(),
  port: z
    .strictObject({
      variable,
      /** The port inside its container under compose. */
      container: z.number().int().positive(),
      /** The process is told its port in this env variable. */
      env: variable.optional(),
      /** Compose publishes it on the host as ${variable}. */
      published: z.literal(true).optional(),
    })
    .optional(),
  /** Its Prometheus metrics port (natively; METRICS_PORT of the process). */
  metrics: variable.optional(),
  /** The setting that says how many copies run (natively each copy a process of its own). */
  replicas: variable.optional(),
  env: z.record(variable, z.string()).default({}),
  health,
  /** Processes (earlier in the list) or compose-only services it needs running. */
  needs: z.array(z.string()).default([]),
  /** Runs only with this STATION. */
  station: z.literal('builtin').optional(),
  /** Runs only in this mode of scripts/up.sh. */
  mode: z.literal('dev').optional(),
  /** Why compose has no service of this name; absent: compose runs it under its name. */
  compose: z.string().optional(),
});

const manifestSchema = z
  .strictObject({
    $comment: z.string(),
    processes: z.array(processSchema).nonempty(),
    /** Compose services that are no process of the native stack, with what stands in for them. */
    composeOnly: z.record(z.string(), z.string()),
  })
  .superRefine((manifest, context) => {
    const seen = new Set<string>();
    for (const process of manifest.processes) {
      if (seen.has(process.name) || process.name in manifest.composeOnly) {
        context.addIssue({ code: 'custom', message: `${process.name} is listed twice` });
      }
      for (const need of process.needs) {
        if (!seen.has(need) && !(need in manifest.composeOnly)) {
          context.addIssue({
            code: 'custom',
            message: `${process.name} needs ${need}, which is not listed before it`,
          });
        }
      }
      seen.add(process.name);
      if (
        (process.stop !== undefined) !==
        (typeof process.health === 'object' && 'daemon' in process.health)
      ) {
        context.addIssue({
          code: 'custom',
          message: `${process.name}: a daemon, and only a daemon, has a stop command`,
        });
      }
      if (process.replicas !== undefined && process.port?.env === undefined) {
        context.addIssue({
          code: 'custom',
          message: `${process.name}: copies need a port env variable`,
        });
      }
    }
  });

export type Manifest = z.infer<typeof manifestSchema>;
export type Process = Manifest['processes'][number];
export type Health = Process['health'];

export function loadManifest(file = manifestPath): Manifest {
  return manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export const healthKind = (health: Health): 'http' | 'heartbeat' | 'daemon' | 'exit' =>
  health === 'exit'
    ? 'exit'
    : 'http' in health
      ? 'http'
      : 'heartbeat' in health
        ? 'heartbeat'
        : 'daemon';

type Env = Record<string, string | undefined>;

/** ${VAR} replaced by the setting VAR; a setting that is not there is an error. */
export function expand(value: string, env: Env, where: string): string {
  return value.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, name: string) => {
    const setting = env[name];
    if (setting === undefined) throw new Error(`${where}: \${${name}} is not set`);
    return setting;
  });
}

/** The processes of this native stack: its STATION, and the dev server only with --dev. */
export function running(manifest: Manifest, env: Env, dev: boolean): Process[] {
  return manifest.processes.filter(
    (process) =>
      (process.station === undefined || process.station === env.STATION) &&
      (process.mode === undefined || (process.mode === 'dev' && dev)),
  );
}

/** Every copy of a process: its name (requests, requests-2, …) and the env it is started with. */
function copies(process: Process, env: Env): { name: string; env: Record<string, string> }[] {
  const own = Object.fromEntries(
    Object.entries(process.env).map(([key, value]) => [key, expand(value, env, process.name)]),
  );
  const port = process.port;
  if (process.replicas === undefined || port?.env === undefined) {
    if (port?.env !== undefined) own[port.env] = expand(`\${${port.variable}}`, env, process.name);
    if (process.metrics !== undefined)
      own.METRICS_PORT = expand(`\${${process.metrics}}`, env, process.name);
    return [{ name: process.name, env: own }];
  }
  // scripts/up.sh picks the ports of the copies: *_PORTS and *_METRICS_PORTS, the first being
  // *_PORT and *_METRICS_PORT.
  const list = (name: string): string[] =>
    (env[`${name}S`] ?? env[name] ?? '').split(/\s+/).filter(Boolean);
  const ports = list(port.variable);
  const metrics = process.metrics === undefined ? [] : list(process.metrics);
  if (ports.length === 0) throw new Error(`${process.name}: ${port.variable} is not set`);
  return ports.map((value, index) => ({
    name: index === 0 ? process.name : `${process.name}-${index + 1}`,
    env: {
      ...own,
      [port.env as string]: value,
      ...(metrics[index] === undefined ? {} : { METRICS_PORT: metrics[index] }),
    },
  }));
}

export function copyCount(process: Process, env: Env): number {
  if (process.replicas === undefined) return 1;
  const value = env[process.replicas] || '1';
  if (!/^[1-9][0-9]?$/.test(value)) {
    throw new Error(`${process.replicas} must be a number from 1 to 99, not '${value}'`);
  }
  return Number(value);
}

/** The command line of one copy: `env K=V … COMMAND` (node under --watch with --dev). */
function commandLine(
  process: Process,
  copyEnv: Record<string, string>,
  env: Env,
  dev: boolean,
): string[] {
  let command = program(process.command.map((arg) => expand(arg, env, process.name)));
  if (dev && command[0] === 'node')
    command = ['node', '--watch', '--watch-preserve-output', ...command.slice(1)];
  const assignments = Object.entries(copyEnv).map(([key, value]) => `${key}=${value}`);
  // A Node process without a port of its own must not take one from the environment.
  const unset = command[0] === 'node' && process.port === undefined ? ['-u', 'PORT'] : [];
  return assignments.length + unset.length === 0
    ? command
    : ['env', ...unset, ...assignments, ...command];
}

/** scripts/supervise.sh's options for this health check. */
function supervision(process: Process, copyEnv: Record<string, string>, env: Env): string[] {
  const { health } = process;
  if (health === 'exit' || 'http' in health) return [];
  if ('heartbeat' in health) {
    const file = copyEnv[health.heartbeat] ?? env[health.heartbeat];
    if (file === undefined) throw new Error(`${process.name}: ${health.heartbeat} is not set`);
    return ['--heartbeat', file, '--stale', String(health.stale)];
  }
  return [
    '--daemon',
    expand(health.daemon.pidfile, env, process.name),
    '--log',
    expand(health.daemon.log, env, process.name),
  ];
}

/** A command whose program is a path of the repository (scripts/…) runs from any folder. */
const program = (argv: string[]): string[] => {
  const [first, ...rest] = argv;
  return first?.includes('/') && !path.isAbsolute(first) ? [path.join(root, first), ...rest] : argv;
};

const quote = (arg: string): string =>
  /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;

export function cli(args: string[], env: Env): string {
  const manifest = loadManifest();
  const dev = args.includes('--dev');
  const option = (name: string): string | undefined => {
    const index = args.indexOf(name);
    return index < 0 ? undefined : args[index + 1];
  };
  const byName = (name: string | undefined): Process => {
    const found = manifest.processes.find((process) => process.name === name);
    if (!found) throw new Error(`no process '${name}' in ${manifestPath}`);
    return found;
  };
  const lines = (values: string[]): string => values.map((value) => `${value}\n`).join('');
  const here = running(manifest, env, dev);
  switch (args[0]) {
    case 'names': {
      const kind = option('--health');
      return lines(
        here.filter((p) => kind === undefined || healthKind(p.health) === kind).map((p) => p.name),
      );
    }
    case 'plan': {
      const shell = (argv: string[], process: Process): string =>
        program(argv.map((arg) => expand(arg, env, process.name)))
          .map(quote)
          .join(' ');
      return lines(
        here.flatMap((p) => {
          const kind = healthKind(p.health);
          const records: string[][] = [];
          if (kind === 'daemon') {
            records.push(['daemon', p.name, shell(p.command, p), shell(p.stop ?? [], p)]);
          } else {
            for (const name of [p.port?.variable, p.metrics])
              if (name) records.push(['port', name]);
          }
          if (p.replicas !== undefined) {
            records.push([
              'copies',
              p.name,
              p.port?.variable ?? '',
              p.metrics ?? '-',
              String(copyCount(p, env)),
            ]);
          }
          if (typeof p.health === 'object' && 'http' in p.health) {
            records.push(['http', p.name, p.port?.variable ?? '', p.health.http]);
          }
          return records.map((record) => record.join('\t'));
        }),
      );
    }
    case 'vars': {
      const field = args[1];
      if (field !== 'port' && field !== 'metrics') throw new Error('usage: vars port|metrics');
      return lines(
        manifest.processes
          .map((p) => (field === 'port' ? p.port?.variable : p.metrics))
          .filter((name) => name !== undefined),
      );
    }
    case 'supervise': {
      const supervisor = path.join(root, 'scripts/supervise.sh');
      return lines(
        here.flatMap((p) =>
          copies(p, env).map((copy) => {
            const argv = [
              supervisor,
              copy.name,
              ...supervision(p, copy.env, env),
              '--',
              ...commandLine(p, copy.env, env, dev),
            ];
            return `${copy.name}\t${p.color}\texec ${argv.map(quote).join(' ')}`;
          }),
        ),
      );
    }
    case 'argv': {
      const process = byName(args[1]);
      if (args.includes('--stop')) {
        if (!process.stop) throw new Error(`${process.name} has no stop command`);
        return program(process.stop.map((arg) => expand(arg, env, process.name)))
          .map((arg) => `${arg}\0`)
          .join('');
      }
      const [first] = copies(process, env);
      return commandLine(process, first?.env ?? {}, env, dev)
        .map((arg) => `${arg}\0`)
        .join('');
    }
    default:
      throw new Error(
        `usage: node stack/processes.ts names|plan|supervise|vars|argv … (see ${path.relative(root, fileURLToPath(import.meta.url))})`,
      );
  }
}

if (import.meta.main) {
  try {
    process.stdout.write(cli(process.argv.slice(2), process.env));
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
