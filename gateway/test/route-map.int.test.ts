// The gateway's locations against the services' routes: every public route of a service is
// routed to that service by gateway/nginx.conf.template, every service location of the template
// leads to routes of its service, and what is left out is left out on purpose (listed below).
// The template is read and its locations matched the way nginx matches them; the routes are each
// service's own route table, from its app as the service builds it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type BuildApp } from '../../packages/service-kit/src/testing/index.ts';
import { buildAuthApp } from '../../services/auth/test/build.ts';
import { buildPlaylistApp } from '../../services/playlist/test/build.ts';
import { buildRequestsApp } from '../../services/requests/test/build.ts';
import { buildUploadsApp } from '../../services/uploads/test/build.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Service = 'auth' | 'requests' | 'playlist' | 'uploads';
const builds: Record<Service, BuildApp> = {
  auth: buildAuthApp,
  requests: buildRequestsApp,
  playlist: buildPlaylistApp,
  uploads: buildUploadsApp,
};

const KIT_ROUTES = {
  'GET /healthz': 'liveness probe: only through /_health/<service>/healthz, on loopback',
  'GET /readyz': 'readiness probe: only through /_health/<service>/readyz, on loopback',
  'GET /openapi.json': "the service's API description, for developers on the machine",
};

/**
 * Routes the gateway deliberately does not expose, by "METHOD /url" as the service registers
 * them, with the reason. Every other route must reach its service through the gateway.
 */
const NOT_EXPOSED: Record<Service, Record<string, string>> = {
  auth: { ...KIT_ROUTES },
  playlist: { ...KIT_ROUTES },
  uploads: { ...KIT_ROUTES },
  requests: {
    ...KIT_ROUTES,
    // The built-in station (Liquidsoap, and the worker's ingestion through the AzuraCast
    // adapter) calls these on the internal network with the station key.
    'GET /internal/station/api/nowplaying/1': 'built-in station: now playing, for ingestion',
    'GET /internal/station/api/station/1/history': 'built-in station: history, for ingestion',
    'GET /internal/station/api/station/1/files': 'built-in station: its library, for the scan',
    'GET /internal/station/api/station/1/requests': 'built-in station: requestable tracks',
    'GET /internal/station/api/station/1/queue': 'built-in station: the automation queue',
    'GET /internal/station/next': 'Liquidsoap asks for the next entry',
    'POST /internal/station/track-started': 'Liquidsoap reports the track it started',
  },
};

interface Location {
  modifier: '=' | '^~' | '~' | '~*' | '';
  pattern: string;
  /** The service it proxies to, `other` for another upstream, null when nginx answers itself. */
  upstream: Service | 'other' | null;
}

/** The server's top-level locations, in the template's order. */
function parseLocations(template: string): Location[] {
  const locations: Location[] = [];
  const start = /location\s+(=|\^~|~\*|~)?\s*(\S+)\s*\{/g;
  let depth = 0;
  let index = 0;
  const opening = [...template.matchAll(start)];
  for (const match of opening) {
    // Only locations at the server block's level (http { server { location ... } }).
    for (; index < (match.index ?? 0); index += 1) {
      if (template[index] === '{') depth += 1;
      else if (template[index] === '}') depth -= 1;
    }
    if (depth !== 2) continue;
    const bodyStart = (match.index ?? 0) + match[0].length;
    let level = 1;
    let end = bodyStart;
    while (level > 0) {
      if (template[end] === '{') level += 1;
      else if (template[end] === '}') level -= 1;
      end += 1;
    }
    const body = template.slice(bodyStart, end - 1);
    const proxied = /^\s*proxy_pass\s+\$(\w+?)_upstream/m.exec(body)?.[1];
    locations.push({
      modifier: (match[1] ?? '') as Location['modifier'],
      pattern: match[2] ?? '',
      upstream: proxied === undefined ? null : proxied in builds ? (proxied as Service) : 'other',
    });
  }
  return locations;
}

/** The location nginx picks for a path: exact, else the longest prefix if ^~, else the first regex, else the longest prefix. */
function locationFor(locations: Location[], uri: string): Location | undefined {
  const exact = locations.find((l) => l.modifier === '=' && l.pattern === uri);
  if (exact) return exact;
  const prefix = locations
    .filter((l) => (l.modifier === '' || l.modifier === '^~') && uri.startsWith(l.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length)[0];
  if (prefix?.modifier === '^~') return prefix;
  const regex = locations.find(
    (l) =>
      (l.modifier === '~' || l.modifier === '~*') &&
      new RegExp(l.pattern, l.modifier === '~*' ? 'i' : '').test(uri),
  );
  return regex ?? prefix;
}

/**
 * A regex location's alternatives, one regex each: `^/api/(a|b/(c|d))(/|$)` gives `^/api/a(/|$)`,
 * `^/api/b/c(/|$)` and `^/api/b/d(/|$)`. A group of only `/` and `$` is the end of a path
 * segment, not an alternative.
 */
function alternatives(pattern: string): string[] {
  let results = [''];
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i] ?? '';
    if (char !== '(') {
      results = results.map((result) => result + char);
      i += 1;
      continue;
    }
    let level = 0;
    let end = i;
    const branches: string[] = [];
    let branchStart = i + 1;
    for (; end < pattern.length; end += 1) {
      if (pattern[end] === '(') level += 1;
      else if (pattern[end] === ')') level -= 1;
      else if (pattern[end] === '|' && level === 1) {
        branches.push(pattern.slice(branchStart, end));
        branchStart = end + 1;
      }
      if (level === 0) break;
    }
    branches.push(pattern.slice(branchStart, end));
    if (branches[0]?.startsWith('?<')) branches[0] = branches[0].replace(/^\?<\w+>/, '');
    const group = pattern.slice(i, end + 1);
    const segmentEnd = branches.every((branch) => branch === '/' || branch === '$');
    const expanded = segmentEnd ? [group] : branches.flatMap(alternatives);
    results = results.flatMap((result) => expanded.map((branch) => result + branch));
    i = end + 1;
  }
  return results;
}

/** A path the route answers: parameters filled in. */
const samplePath = (url: string): string => url.replace(/:\w+/g, '1').replace(/\*$/, 'x');

const locations = parseLocations(
  readFileSync(path.join(root, 'gateway/nginx.conf.template'), 'utf8'),
);
const routes = {} as Record<Service, { method: string; url: string; access: string }[]>;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  for (const [service, build] of Object.entries(builds) as [Service, BuildApp][]) {
    const testApp = await createTestApp(build);
    closers.push(() => testApp.close());
    routes[service] = testApp.app.routeTable.map(({ method, url, access }) => ({
      method,
      url,
      access,
    }));
  }
}, 120_000);
afterAll(async () => {
  for (const close of closers) await close();
});

describe('the gateway route map', () => {
  it('reads the locations of the template', () => {
    const services = new Set(locations.map((location) => location.upstream));
    expect([...services]).toEqual(
      expect.arrayContaining(['auth', 'requests', 'playlist', 'uploads']),
    );
  });

  it('routes every route of a service to that service, except those left out on purpose', () => {
    const wrong: string[] = [];
    for (const service of Object.keys(builds) as Service[]) {
      for (const { method, url } of routes[service]) {
        const name = `${method} ${url}`;
        const location = locationFor(locations, samplePath(url));
        const reaches = location?.upstream === service;
        const leftOut = name in NOT_EXPOSED[service];
        if (reaches && leftOut) wrong.push(`${service}: ${name} is listed as not exposed but is`);
        if (!reaches && !leftOut) {
          wrong.push(
            `${service}: ${name} goes to ${location ? `${location.modifier} ${location.pattern} (${location.upstream ?? 'the gateway itself'})` : 'no location'}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lists only routes that exist as left out', () => {
    const stale = (Object.keys(builds) as Service[]).flatMap((service) =>
      Object.keys(NOT_EXPOSED[service])
        .filter((name) => !routes[service].some(({ method, url }) => `${method} ${url}` === name))
        .map((name) => `${service}: ${name}`),
    );
    expect(stale).toEqual([]);
  });

  it('leaves out every internal and station route', () => {
    const exposedInternals = (Object.keys(builds) as Service[]).flatMap((service) =>
      routes[service]
        .filter(({ access }) => access === 'internal' || access === 'station')
        .map(({ method, url }) => `${method} ${url}`)
        .filter((name) => !(name in NOT_EXPOSED[service]))
        .map((name) => `${service}: ${name}`),
    );
    expect(exposedInternals).toEqual([]);
  });

  it('points every service location, each of its alternatives, at routes its service has', () => {
    const empty: string[] = [];
    for (const location of locations) {
      if (location.upstream === null || location.upstream === 'other') continue;
      const paths = routes[location.upstream].map(({ url }) => samplePath(url));
      const matchers: [string, (uri: string) => boolean][] =
        location.modifier === '='
          ? [[location.pattern, (uri) => uri === location.pattern]]
          : location.modifier === '' || location.modifier === '^~'
            ? [[location.pattern, (uri) => uri.startsWith(location.pattern)]]
            : alternatives(location.pattern).map((alternative) => [
                alternative,
                (uri) => new RegExp(alternative, location.modifier === '~*' ? 'i' : '').test(uri),
              ]);
      for (const [name, matches] of matchers) {
        if (!paths.some(matches)) empty.push(`${location.upstream}: ${name}`);
      }
    }
    expect(empty).toEqual([]);
  });
});

describe('alternatives', () => {
  it('expands nested groups and keeps the end of a segment', () => {
    expect(alternatives('^/api/(auth/|login$|admin/(users|audit-log)(/|$))')).toEqual([
      '^/api/auth/',
      '^/api/login$',
      '^/api/admin/users(/|$)',
      '^/api/admin/audit-log(/|$)',
    ]);
  });
});
