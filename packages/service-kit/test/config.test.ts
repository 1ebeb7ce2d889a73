import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, serviceEnv } from '../src/config.ts';

const valid = {
  DATABASE_URL: 'postgres://radio@127.0.0.1:5432/radio',
  REDIS_URL: 'redis://127.0.0.1:6379',
  PORT: '3101',
  SESSION_SECRET: 'x'.repeat(32),
  INTERNAL_TOKEN: 'y'.repeat(16),
  PUBLIC_ORIGIN: 'http://localhost:8080/, https://radio.example.nl',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(serviceEnv, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('reads a valid environment with its defaults', () => {
    const config = parseConfig(serviceEnv, valid);
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: 3101,
      LOG_LEVEL: 'info',
      PUBLIC_ORIGIN: ['http://localhost:8080', 'https://radio.example.nl'],
      TRUSTED_PROXIES: ['127.0.0.1', '::1'],
    });
  });

  it('names every missing or bad variable at once', () => {
    const problems = problemsOf({
      SESSION_SECRET: 'te-kort',
      PUBLIC_ORIGIN: 'ftp://elders',
      TRUSTED_PROXIES: '10.0.0.0/8,geen-adres',
      LOG_LEVEL: 'luid',
    });
    const variables = problems.map((problem) => problem.split(/[.:]/)[0]);
    expect(new Set(variables)).toEqual(
      new Set([
        'DATABASE_URL',
        'REDIS_URL',
        'PORT',
        'SESSION_SECRET',
        'INTERNAL_TOKEN',
        'PUBLIC_ORIGIN',
        'TRUSTED_PROXIES',
        'LOG_LEVEL',
      ]),
    );
    expect(problems).toContain('DATABASE_URL: is required');
  });

  it('counts an empty variable as unset', () => {
    expect(problemsOf({ ...valid, INTERNAL_TOKEN: '' })).toEqual(['INTERNAL_TOKEN: is required']);
    expect(parseConfig(serviceEnv, { ...valid, HOST: '' }).HOST).toBe('127.0.0.1');
  });
});
