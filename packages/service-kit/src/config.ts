import { z } from 'zod';

const commaSeparated = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim()))
  .transform((items) => items.filter((item) => item !== ''));

/** 0 lets the system pick a free port (tests). */
export const port = z.coerce.number().int().min(0).max(65_535);

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name, e.g. Europe/Amsterdam. */
export const timeZone = z.string().refine(isTimeZone, 'is not a time zone');

/** What every process of the platform reads: the worker as much as the HTTP services. */
export const runtimeEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: json in production, pretty elsewhere (see `logFormatOf`). */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Port of the Prometheus metrics (GET /metrics), apart from the API; each process sets its default. */
  METRICS_PORT: port.optional(),
  /** Natively loopback; in a container 0.0.0.0, so the scraper on its network reaches it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});
export type RuntimeConfig = z.output<typeof runtimeEnv>;

/** What every HTTP service reads on top of the runtime variables. */
export const serviceEnv = runtimeEnv.extend({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port,
  SESSION_SECRET: z.string().min(32),
  INTERNAL_TOKEN: z.string().min(16),
  /** Browser origins allowed to make state-changing calls, e.g. `http://localhost:8080`. */
  PUBLIC_ORIGIN: commaSeparated
    .pipe(z.array(z.url({ protocol: /^https?$/ })).min(1))
    .transform((urls) => urls.map((url) => new URL(url).origin)),
  /** Addresses (IPs or CIDRs) whose X-Forwarded-* headers are believed: the gateway. */
  TRUSTED_PROXIES: commaSeparated
    .default(['127.0.0.1', '::1'])
    .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]))),
});
export type ServiceConfig = z.output<typeof serviceEnv>;

export function logFormatOf(config: RuntimeConfig): 'pretty' | 'json' {
  return config.LOG_FORMAT ?? (config.NODE_ENV === 'production' ? 'json' : 'pretty');
}

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const englishMessages = z.locales.en().localeError;

/**
 * Validates the environment; throws a ConfigError naming every bad or missing variable.
 * An empty variable counts as unset (compose passes `NAME=` through as an empty string).
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.output<S> {
  const setVariables = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  // Operators read these, so they stay English whatever locale the API messages use.
  const result = schema.safeParse(setVariables, {
    error: (issue) => (issue.input === undefined ? 'is required' : englishMessages(issue)),
  });
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
  );
}

/** parseConfig for a process entry point: a bad environment stops the process with the list. */
export function loadConfig<S extends z.ZodType>(schema: S): z.output<S> {
  try {
    return parseConfig(schema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
