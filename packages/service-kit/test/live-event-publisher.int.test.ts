import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { LIVE_EVENT_ID_KEY, LIVE_EVENTS_CHANNEL, type PublicDjSettings } from '@radio/contracts';
import { startRedis, waitFor, type RedisServer } from '@radio/testing';
import { LiveEventPublisher } from '../src/live/live-event-publisher.ts';

const settings: PublicDjSettings = {
  requestsEnabled: true,
  requestEnabled: true,
  registrationEnabled: false,
  broadcastingMode: 'nonstop',
  isLive: false,
  libraryName: 'Nonstop Mix',
  maxRequestsPerIp: 10,
  maxRequestsPerBrowser: 3,
  trackCooldownHours: 3,
  artistCooldownHours: 1,
};

let server: RedisServer;
beforeAll(async () => {
  server = await startRedis();
});
afterAll(() => server.stop());

describe('LiveEventPublisher', () => {
  it('publishes each event with the next id of the shared counter', async () => {
    const redis = new Redis(server.url);
    const subscriber = new Redis(server.url);
    const messages: unknown[] = [];
    subscriber.on('message', (_channel: string, message: string) =>
      messages.push(JSON.parse(message)),
    );
    await subscriber.subscribe(LIVE_EVENTS_CHANNEL);
    try {
      await redis.set(LIVE_EVENT_ID_KEY, '41');
      const publisher = new LiveEventPublisher(redis, (error) => {
        throw error;
      });
      expect(await publisher.publish('settings', settings)).toBe(42);
      expect(await publisher.publish('settings', settings, 7)).toBe(43);
      await waitFor(async () => messages.length === 2, 'two messages');
      expect(messages).toEqual([
        { id: 42, type: 'settings', user: null, data: settings },
        { id: 43, type: 'settings', user: 7, data: settings },
      ]);
    } finally {
      redis.disconnect();
      subscriber.disconnect();
    }
  });

  it('never fails the caller when Redis is away: null, and the error to onError', async () => {
    const redis = new Redis('redis://127.0.0.1:9', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    const errors: Error[] = [];
    const publisher = new LiveEventPublisher(redis, (error) => errors.push(error));
    expect(await publisher.publish('settings', settings)).toBeNull();
    expect(errors).toHaveLength(1);
    redis.disconnect();
  });
});
