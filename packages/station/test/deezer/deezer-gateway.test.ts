import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_INVALID_ARL,
  FAKE_VALID_ARL,
  startFakeDeezerGateway,
  type FakeDeezerGateway,
} from '@radio/testing';
import { checkArl } from '../../src/index.ts';

let gateway: FakeDeezerGateway;
beforeAll(async () => {
  gateway = await startFakeDeezerGateway();
});
afterAll(() => gateway.close());
afterEach(() => gateway.reset());

const check = (arl: string) => checkArl(arl, { gatewayUrl: gateway.url, timeoutMs: 500 });

describe('checkArl', () => {
  it('names the account of a valid ARL', async () => {
    expect(await check(FAKE_VALID_ARL)).toEqual({
      outcome: 'valid',
      account: {
        userId: 4021178642,
        name: 'Studio Radio Noord',
        offer: 'Deezer Premium',
        country: 'NL',
        canStreamHq: true,
        canStreamLossless: true,
      },
    });
  });

  it('takes the anonymous session Deezer answers for a bad ARL as invalid', async () => {
    expect(await check(FAKE_INVALID_ARL)).toEqual({ outcome: 'invalid' });
  });

  it('reads USER_ID as a numeric string too, and empty results as no session', async () => {
    gateway.respond({
      json: { error: [], results: { USER: { USER_ID: '42', BLOG_NAME: '' }, COUNTRY: 'BE' } },
    });
    expect(await check(FAKE_VALID_ARL)).toEqual({
      outcome: 'valid',
      account: {
        userId: 42,
        name: null,
        offer: null,
        country: 'BE',
        canStreamHq: false,
        canStreamLossless: false,
      },
    });
    gateway.respond({ json: { error: [], results: [] } });
    expect(await check(FAKE_VALID_ARL)).toEqual({ outcome: 'invalid' });
  });

  it.each([
    [{ status: 503 }, 'HTTP 503'],
    [{ text: 'geen json' }, 'the answer is not JSON'],
    [{ json: { results: {} } }, 'the answer has an unknown shape'],
    [
      { json: { error: { VALID_TOKEN_REQUIRED: 'Invalid CSRF token' } } },
      'gateway error VALID_TOKEN_REQUIRED',
    ],
    [{ delayMs: 2_000 }, 'no answer within 0.5 s'],
  ])('says why Deezer could not be asked (%o), never with the ARL', async (fake, problem) => {
    gateway.respond(fake);
    const result = await check(FAKE_VALID_ARL);
    expect(result).toEqual({ outcome: 'untested', problem });
    expect(JSON.stringify(result)).not.toContain(FAKE_VALID_ARL);
  });
});
