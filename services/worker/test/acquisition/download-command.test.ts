import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@radio/service-kit';
import { workerEnv } from '../../src/config.ts';
import { fillPlaceholders } from '../../src/acquisition/download-command.ts';
import { libraryBaseName } from '../../src/acquisition/library-file.ts';

const base = { DATABASE_URL: 'postgres://x@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('DEEZER_DOWNLOAD_COMMAND', () => {
  it('is a JSON array of arguments with {url} and {outdir}', () => {
    const config = parseConfig(workerEnv, {
      ...base,
      DEEZER_DOWNLOAD_COMMAND: '["deemix","-b","{bitrate}","-p","{outdir}","{url}"]',
    });
    expect(config.DEEZER_DOWNLOAD_COMMAND).toEqual([
      'deemix',
      '-b',
      '{bitrate}',
      '-p',
      '{outdir}',
      '{url}',
    ]);
    expect(config.DEEZER_DOWNLOAD_TIMEOUT_SECONDS).toBe(300);
    expect(parseConfig(workerEnv, base).DEEZER_DOWNLOAD_COMMAND).toBeUndefined();
  });

  it.each([
    ['deemix {url} {outdir}', 'is not a JSON array of arguments'],
    ['["deemix", 3]', 'DEEZER_DOWNLOAD_COMMAND.1: Invalid input: expected string'],
    ['["deemix","-p","{outdir}"]', 'needs a {url} argument'],
    ['["deemix","{url}"]', 'needs an {outdir} argument'],
  ])('stops the worker at boot for %s', (command, problem) => {
    expect(() => parseConfig(workerEnv, { ...base, DEEZER_DOWNLOAD_COMMAND: command })).toThrow(
      ConfigError,
    );
    try {
      parseConfig(workerEnv, { ...base, DEEZER_DOWNLOAD_COMMAND: command });
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toContain(problem);
    }
  });

  it('fills every placeholder inside arguments, and nothing else', () => {
    expect(
      fillPlaceholders(['dl', '--out={outdir}', '{url}', '{bitrate}', '{configdir}/.arl', '{x}'], {
        '{url}': 'https://www.deezer.com/track/1',
        '{outdir}': '/tmp/o',
        '{bitrate}': '128',
        '{configdir}': '/tmp/c',
      }),
    ).toEqual([
      'dl',
      '--out=/tmp/o',
      'https://www.deezer.com/track/1',
      '128',
      '/tmp/c/.arl',
      '{x}',
    ]);
  });
});

describe('libraryBaseName', () => {
  it.each([
    ['Golden Earring', 'Radar Love', 'Golden Earring - Radar Love'],
    ['AC/DC', 'T.N.T.', 'AC-DC - T.N.T'],
    ['..', '..', 'Deezer 1'],
    ['', '', 'Deezer 1'],
    ['  BLØF ', 'Zoutelande\u0000\n', 'BLØF - Zoutelande'],
  ])('%s / %s → %s', (artist, title, name) => {
    expect(libraryBaseName(artist, title, 'Deezer 1')).toBe(name);
  });

  it('stays within 200 bytes', () => {
    expect(Buffer.byteLength(libraryBaseName('é'.repeat(300), 'x', 'f'))).toBeLessThanOrEqual(200);
  });
});
