import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '@radio/contracts';
import type { RouteEntry } from '../access/route-policy.ts';
import type { Persona, TestApp } from './test-app.ts';
import type { TestClient } from './test-client.ts';

/** Strings that have broken services before: sizes, NUL, unicode tricks, escapes, injections. */
const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'a'.repeat(100_000),
  '\u0000',
  'naam\u0000staart',
  '\u200b\u200b',
  'Kees\u202egnp.exe',
  '💥'.repeat(2_000),
  '\ud800',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '-1',
  '0',
  '2147483648',
  '-2147483649',
  '1e309',
  '9'.repeat(400),
  '1.5',
  'NaN',
  '0000-01-01',
  '9999-99-99',
  'all',
  'true',
  'null',
  '__proto__',
];

/** JSON values of every wrong type and size. */
const HOSTILE_JSON: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  2_147_483_648,
  -2_147_483_649,
  1e308,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  [1, 'a', null],
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'),
  nested(2_000),
  ...HOSTILE_STRINGS,
];

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

/** Path parameters: out of int4 range, negative, not numbers, escapes. */
const HOSTILE_PATH_VALUES: readonly string[] = [
  '0',
  '-1',
  '2147483648',
  '-2147483649',
  '99999999999999999999999',
  '1e3',
  '1.5',
  'abc',
  '%00',
  '%zz',
  '%E2%80%AE',
  'a'.repeat(500),
];

/** Bodies that are not what the content type says, or a content type nobody handles. */
const HOSTILE_RAW_BODIES: ReadonlyArray<{ contentType: string; payload: string }> = [
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"tekst"' },
  { contentType: 'application/json', payload: '\u0000' },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'application/json', payload: `{"a":"${'x'.repeat(2_000_000)}"}` },
  { contentType: 'text/plain', payload: 'hallo' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%zz' },
  { contentType: 'multipart/form-data', payload: '--x\r\n' },
  {
    contentType: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  },
  { contentType: 'application/octet-stream', payload: '\u0000\u0001' },
  { contentType: '', payload: '{}' },
  { contentType: '\u0000', payload: '{}' },
];

/** Query strings no form would send. */
const HOSTILE_QUERIES: readonly string[] = [
  '%zz',
  'a[b][c]=1',
  '__proto__[x]=1',
  `${'x=1&'.repeat(2_000)}`,
  '&&&==&',
  'date=0000-01-01&hour=all',
  'date=2024-02-30&hour=24',
];

export interface FuzzFailure {
  route: string;
  persona: Persona;
  request: string;
  status: number;
  body: string;
}

export interface FuzzOptions {
  /** Who calls every route (default anonymous and admin; admin also carries the internal token). */
  personas?: readonly Persona[];
  /** Time budget; the run stops early and says so when it is spent (default 20 s). */
  budgetMs?: number;
  /** Routes ("METHOD /url") left out, e.g. ones that call an outside service. */
  skip?: readonly string[];
  /** Valid inputs per route ("METHOD /url"), so hostile values reach past the other fields. */
  samples?: Readonly<Record<string, FuzzSample>>;
}

export interface FuzzResult {
  calls: number;
  failures: FuzzFailure[];
  /** True when the budget ran out before every case was tried. */
  truncated: boolean;
}

function shapeKeys(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

const withBody = (method: string): boolean => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

/** A lone surrogate cannot be percent-encoded: it goes as the bytes a client would send. */
function encodeQueryValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function pathsOf(url: string): string[] {
  const params = url.match(/:[A-Za-z0-9_]+/g) ?? [];
  if (params.length === 0) return [url];
  return HOSTILE_PATH_VALUES.map((value) =>
    params.reduce((path, param) => path.replace(param, value), url),
  );
}

/** A valid input of a route: hostile values are tried one field at a time next to it. */
export interface FuzzSample {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

const queryOf = (values: Record<string, string>): string =>
  Object.entries(values)
    .map(([key, value]) => `${key}=${encodeQueryValue(value)}`)
    .join('&');

/** Every hostile call for one route (without the caller). */
export function fuzzCases(
  route: RouteEntry,
  sample: FuzzSample = {},
): Array<Partial<InjectOptions>> {
  const method = route.method as InjectOptions['method'];
  const baseUrl = route.url.replace(/:[A-Za-z0-9_]+/g, '1');
  const validQuery = sample.query ? `?${queryOf(sample.query)}` : '';
  const validBody = sample.body
    ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(sample.body) }
    : {};
  const cases: Array<Partial<InjectOptions>> = pathsOf(route.url).map((url) => ({
    method,
    url: `${url}${validQuery}`,
    ...validBody,
  }));

  const queryKeys = shapeKeys(route.schema.querystring);
  for (const query of HOSTILE_QUERIES) cases.push({ method, url: `${baseUrl}?${query}` });
  for (const key of queryKeys) {
    for (const value of HOSTILE_STRINGS) {
      const others = Object.fromEntries(
        queryKeys
          .filter((other) => other !== key)
          .map((other) => [other, sample.query?.[other] ?? '1']),
      );
      cases.push({
        method,
        url: `${baseUrl}?${queryOf({ ...others, [key]: value })}`,
        ...validBody,
      });
    }
  }

  if (withBody(route.method)) {
    const bodyKeys = shapeKeys(route.schema.body);
    const json = (payload: unknown): Partial<InjectOptions> => ({
      method,
      url: baseUrl,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    for (const value of HOSTILE_JSON) {
      cases.push(json(value));
      if (bodyKeys.length > 0)
        cases.push(json(Object.fromEntries(bodyKeys.map((k) => [k, value]))));
      for (const key of bodyKeys) {
        const others = bodyKeys.map((k) => [k, sample.body?.[k] ?? 'x']);
        cases.push(json({ ...Object.fromEntries(others), [key]: value }));
      }
    }
    for (const { contentType, payload } of HOSTILE_RAW_BODIES) {
      cases.push({
        method,
        url: baseUrl,
        headers: contentType === '' ? {} : { 'content-type': contentType },
        payload,
      });
    }
  }
  return cases;
}

function describeCall(call: Partial<InjectOptions>): string {
  const url = String(call.url);
  const payload = typeof call.payload === 'string' ? call.payload : '';
  const type = (call.headers as Record<string, string> | undefined)?.['content-type'] ?? '';
  const short = (text: string) =>
    text.length > 120 ? `${text.slice(0, 120)}…(${text.length})` : text;
  return `${call.method} ${short(url)}${payload ? ` [${short(type)}] ${short(payload)}` : ''}`;
}

/** What every answer must be: no 5xx, and any error a `{message, code}` JSON body. */
function problemWith(response: LightMyRequestResponse, method: string): string | null {
  if (response.statusCode >= 500) return 'server error';
  if (response.statusCode < 400 || method === 'HEAD') return null;
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    return 'error is not JSON';
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return 'error body does not parse';
  }
  return errorBodySchema.safeParse(body).success ? null : 'error body is not {message, code}';
}

/**
 * Calls every registered route with hostile input (path ids, query strings, JSON of every type,
 * malformed bodies, wrong content types) as each persona and collects every answer that is a
 * 5xx or an error without the `{message, code}` JSON body. Bounded by `budgetMs`.
 */
export async function fuzzRoutes(testApp: TestApp, options: FuzzOptions = {}): Promise<FuzzResult> {
  const personas = options.personas ?? ['anonymous', 'admin'];
  const deadline = Date.now() + (options.budgetMs ?? 20_000);
  const skip = new Set(options.skip ?? []);
  const keys = {
    'x-internal-token': testApp.env.INTERNAL_TOKEN ?? '',
    'x-api-key': testApp.env.STATION_API_KEY ?? '',
  };
  const failures: FuzzFailure[] = [];
  let calls = 0;

  const strays: RouteEntry = {
    method: 'GET',
    url: '/api/bestaat-niet/:id',
    access: 'public',
    schema: {},
  };
  for (const route of [...testApp.app.routeTable, strays]) {
    const name = `${route.method} ${route.url}`;
    if (skip.has(name)) continue;
    const cases = fuzzCases(route, options.samples?.[name]);
    if (route.method === 'GET')
      cases.push(...cases.map((call) => ({ ...call, method: 'HEAD' as const })));
    for (const persona of personas) {
      // A fresh session per route: a route may end the session (logout).
      const client: TestClient = await testApp.as(persona);
      for (const call of cases) {
        if (Date.now() > deadline) return { calls, failures, truncated: true };
        const headers = {
          ...(persona === 'admin' ? keys : {}),
          ...(call.headers as Record<string, string> | undefined),
        };
        const response = await client.request({ ...call, headers } as InjectOptions);
        calls += 1;
        const problem = problemWith(response, String(call.method));
        if (problem) {
          failures.push({
            route: name,
            persona,
            request: `${describeCall(call)} → ${problem}`,
            status: response.statusCode,
            body: response.body.slice(0, 200),
          });
        }
      }
    }
  }
  return { calls, failures, truncated: false };
}
