// docker-compose.yml against the one list of processes (stack/processes.json): every process
// compose runs is a service of the same name with the same command (the Node ones: same image,
// same entry point), container port, health check, copies, restarts and dependencies; compose
// has no service the list lacks but the compose-only ones it names. Also the gateway's upstream
// groups (gateway/upstreams.envsh) against the processes it checks through /_health.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { cli, healthKind, loadManifest, root, type Process } from '../processes.ts';

const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');

const serviceSchema = z.looseObject({
  command: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  ports: z.array(z.string()).optional(),
  healthcheck: z.looseObject({ test: z.array(z.string()) }).optional(),
  deploy: z.looseObject({ replicas: z.union([z.string(), z.number()]).optional() }).optional(),
  depends_on: z.record(z.string(), z.unknown()).optional(),
  profiles: z.array(z.string()).optional(),
  restart: z.string().optional(),
});
type Service = z.infer<typeof serviceSchema>;
const compose = z
  .looseObject({ services: z.record(z.string(), serviceSchema) })
  .parse(parse(composeText, { merge: true }));

const manifest = loadManifest();
const composed = manifest.processes.filter((process) => process.compose === undefined);
const services = compose.services;

/** Each process compose runs with its service; what is missing is reported by the first test. */
const pairs = composed.flatMap((process): [Process, Service][] => {
  const service = services[process.name];
  return service ? [[process, service]] : [];
});

const env = (service: Service, name: string): string | undefined => {
  const value = service.environment?.[name];
  return value === undefined ? undefined : String(value);
};

/** Every port compose says the service listens on, with where it says so. */
function declaredPorts(process: Process, service: Service): [string, number][] {
  const found: [string, number][] = [];
  const portEnv = process.port?.env;
  const fromEnv = portEnv === undefined ? undefined : env(service, portEnv);
  if (fromEnv !== undefined) found.push([`environment ${portEnv}`, Number(fromEnv)]);
  for (const mapping of service.ports ?? []) {
    found.push([`ports ${mapping}`, Number(mapping.split(':').at(-1))]);
  }
  const [, program, kind, port] = service.healthcheck?.test ?? [];
  if (program === 'radio-health' && kind === 'http') found.push(['healthcheck', Number(port)]);
  // Other services' addresses of it: http://requests:3000, …@postgres:5432/, redis://redis:6379.
  for (const match of composeText.matchAll(new RegExp(`[/@]${process.name}:(\\d+)`, 'g'))) {
    found.push([`address ${match[0].slice(1)}`, Number(match[1])]);
  }
  return found;
}

/** Every service compose starts before this one, directly or through others. */
function startedBefore(name: string, seen = new Set<string>()): Set<string> {
  for (const dependency of Object.keys(services[name]?.depends_on ?? {})) {
    if (seen.has(dependency)) continue;
    seen.add(dependency);
    startedBefore(dependency, seen);
  }
  return seen;
}

describe('docker-compose.yml against stack/processes.json', () => {
  it('has a service for every process compose runs, and only those and the compose-only ones', () => {
    const expected = [
      ...composed.map((process) => process.name),
      ...Object.keys(manifest.composeOnly),
    ];
    expect(Object.keys(services).sort()).toEqual(expected.sort());
  });

  it('runs the Node processes with the same command', () => {
    const wrong = pairs
      .filter(([process]) => process.command[0] === 'node')
      .filter(
        ([process, service]) => JSON.stringify(service.command) !== JSON.stringify(process.command),
      )
      .map(
        ([process, service]) =>
          `${process.name}: ${JSON.stringify(service.command)}, not ${JSON.stringify(process.command)}`,
      );
    expect(wrong).toEqual([]);
  });

  it('listens on the container port of the list, and publishes the published one as its variable', () => {
    const wrong: string[] = [];
    for (const [process, service] of pairs) {
      const port = process.port;
      const declared = declaredPorts(process, service);
      if (port === undefined) {
        if (service.ports)
          wrong.push(`${process.name}: publishes ${service.ports.join(', ')} but has no port`);
        continue;
      }
      if (declared.length === 0)
        wrong.push(`${process.name}: compose says nothing of port ${port.container}`);
      for (const [where, value] of declared) {
        if (value !== port.container)
          wrong.push(`${process.name}: ${where} is ${value}, not ${port.container}`);
      }
      const published = (service.ports ?? []).map(
        (mapping) => /\$\{(\w+):-\d+\}:\d+$/.exec(mapping)?.[1],
      );
      if (port.published && !published.includes(port.variable)) {
        wrong.push(
          `${process.name}: not published as \${${port.variable}}: ${service.ports?.join(', ') ?? 'no ports'}`,
        );
      }
      if (!port.published && published.length > 0)
        wrong.push(`${process.name}: publishes a port the list keeps inside`);
    }
    expect(wrong).toEqual([]);
  });

  it('checks the health the list names', () => {
    const entrypoint = readFileSync(path.join(root, 'station/entrypoint.sh'), 'utf8');
    const stationChecks = entrypoint.slice(entrypoint.indexOf('  healthy)'));
    const wrong: string[] = [];
    for (const [process, service] of pairs) {
      const test = service.healthcheck?.test ?? [];
      const said = `${process.name}: healthcheck ${JSON.stringify(test)}`;
      const { health } = process;
      const stationCheck = test[1] === 'station' && test[2] === 'healthy';
      if (stationCheck && test[3] !== process.name) wrong.push(`${said} checks another process`);
      if (health === 'exit') continue;
      if ('http' in health) {
        const expected = [
          'CMD',
          'radio-health',
          'http',
          String(process.port?.container),
          health.http,
        ];
        if (JSON.stringify(test) !== JSON.stringify(expected))
          wrong.push(`${said}, not ${JSON.stringify(expected)}`);
      } else if ('heartbeat' in health) {
        if (stationCheck) {
          // station/entrypoint.sh's `healthy NAME`: the same age limit.
          const check =
            new RegExp(`^\\s*${process.name}\\)(.*)$`, 'm').exec(stationChecks)?.[1] ?? '';
          if (!check.includes(`-lt ${health.stale} `)) {
            wrong.push(
              `${said}: station/entrypoint.sh does not allow ${health.stale} s (${check.trim()})`,
            );
          }
        } else {
          const file = env(service, health.heartbeat);
          const expected = [
            'CMD',
            'radio-health',
            'fresh',
            file ?? `$${health.heartbeat}`,
            String(health.stale),
          ];
          if (file === undefined)
            wrong.push(`${process.name}: ${health.heartbeat} is not in its environment`);
          if (JSON.stringify(test) !== JSON.stringify(expected))
            wrong.push(`${said}, not ${JSON.stringify(expected)}`);
        }
      } else if (test.length === 0) {
        wrong.push(`${process.name}: no healthcheck for a daemon`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('runs as many copies as the same setting says, and restarts every process', () => {
    const wrong: string[] = [];
    for (const [process, service] of pairs) {
      const replicas = service.deploy?.replicas;
      const expected = process.replicas === undefined ? undefined : `\${${process.replicas}:-1}`;
      if (replicas !== expected)
        wrong.push(`${process.name}: replicas ${replicas}, not ${expected}`);
      if (service.restart !== 'unless-stopped')
        wrong.push(`${process.name}: restart ${service.restart}`);
    }
    expect(wrong).toEqual([]);
  });

  it('starts what a process needs before it, and only that and compose-only services', () => {
    const wrong: string[] = [];
    for (const [process, service] of pairs) {
      const before = startedBefore(process.name);
      for (const need of process.needs) {
        if (!before.has(need))
          wrong.push(`${process.name}: needs ${need}, which compose does not start before it`);
      }
      for (const dependency of Object.keys(service.depends_on ?? {})) {
        if (!process.needs.includes(dependency) && !(dependency in manifest.composeOnly)) {
          wrong.push(
            `${process.name}: depends on ${dependency}, which it does not need in the list`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('runs the built-in station processes in the builtin profile only', () => {
    const wrong = pairs
      .filter(
        ([process, service]) =>
          (process.station === 'builtin') !== (service.profiles?.includes('builtin') ?? false),
      )
      .map(
        ([process, service]) =>
          `${process.name}: profiles ${JSON.stringify(service.profiles ?? [])}`,
      );
    expect(wrong).toEqual([]);
  });

  it('gives the gateway an upstream group for each process it checks through /_health', () => {
    const upstreams = readFileSync(path.join(root, 'gateway/upstreams.envsh'), 'utf8');
    const groups = /for _gw_service in ([a-z ]+); do/.exec(upstreams)?.[1]?.split(' ');
    const checked = manifest.processes.filter((process) => healthKind(process.health) === 'http');
    expect(groups).toEqual(checked.map((process) => process.name));
  });
});

describe('stack/processes.ts', () => {
  const stack = {
    DATA_DIR: '/d',
    RUN_DIR: '/d/run',
    STATION: 'builtin',
    NGINX_GLOBALS: 'daemon off;',
    HTTP_PORT: '8080',
    ICECAST_PORT: '8000',
    WORKER_METRICS_PORT: '9105',
    ...Object.fromEntries(
      ['AUTH', 'REQUESTS', 'PLAYLIST', 'UPLOADS'].flatMap((name, index) => [
        [`${name}_PORT`, String(3101 + index)],
        [`${name}_METRICS_PORT`, String(9101 + index)],
      ]),
    ),
  };

  it('supervises every copy on its own port, each under its own name', () => {
    const lines = cli(['supervise'], {
      ...stack,
      REQUESTS_PORTS: '3102 4002 4003',
      REQUESTS_METRICS_PORTS: '9102 5002 5003',
    })
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(lines.map(([name]) => name)).toEqual([
      'postgres',
      'redis',
      'auth',
      'requests',
      'requests-2',
      'requests-3',
      'playlist',
      'uploads',
      'worker',
      'icecast',
      'liquidsoap',
      'filler',
      'gateway',
      'logs',
    ]);
    const command = (name: string): string => lines.find(([n]) => n === name)?.[2] ?? '';
    expect(command('requests-3')).toMatch(
      /supervise\.sh requests-3 -- env PORT=4003 METRICS_PORT=5003 node services\/requests\/src\/server\.ts$/,
    );
    expect(command('worker')).toMatch(
      /supervise\.sh worker --heartbeat \/d\/run\/worker\.heartbeat --stale 30 -- env -u PORT WORKER_HEARTBEAT_FILE=\/d\/run\/worker\.heartbeat METRICS_PORT=9105 node /,
    );
    expect(command('gateway')).toMatch(/-g 'daemon off;'$/);
  });

  it('leaves the station out of an AzuraCast stack and adds the dev server with --dev', () => {
    const names = cli(['names', '--dev'], { ...stack, STATION: 'azuracast' })
      .trim()
      .split('\n');
    expect(names).not.toContain('liquidsoap');
    expect(names.at(-1)).toBe('web');
  });

  it('refuses a number of copies out of range, and a setting a command needs that is not there', () => {
    expect(() => cli(['plan'], { ...stack, REQUESTS_REPLICAS: '0' })).toThrow(
      "REQUESTS_REPLICAS must be a number from 1 to 99, not '0'",
    );
    expect(() => cli(['argv', 'gateway'], { ...stack, RUN_DIR: undefined })).toThrow(
      '${RUN_DIR} is not set',
    );
  });
});
