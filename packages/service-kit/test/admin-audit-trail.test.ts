import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { AdminChangeEvent } from '@radio/contracts';
import { AdminAuditTrail, changedFields } from '../src/audit/admin-audit-trail.ts';

const ARL = 'a1b2c3d4'.repeat(24);

describe('the fields of an audit entry', () => {
  it('keeps only what changed, as plain values', () => {
    expect(
      changedFields({
        before: { role: 'listener', isActive: true, limit: null, at: new Date(0) },
        after: { role: 'admin', isActive: true, limit: 3, at: new Date(1000) },
      }),
    ).toEqual([
      { field: 'role', before: 'listener', after: 'admin' },
      { field: 'limit', before: null, after: 3 },
      { field: 'at', before: '1970-01-01T00:00:00.000Z', after: '1970-01-01T00:00:01.000Z' },
    ]);
  });

  it('compares only the fields asked for', () => {
    expect(
      changedFields({
        before: { requestsEnabled: true, updatedAt: 1 },
        after: { requestsEnabled: false, updatedAt: 2 },
        fields: ['requestsEnabled'],
      }),
    ).toEqual([{ field: 'requestsEnabled', before: true, after: false }]);
  });

  it('never keeps a secret: only whether it is set', () => {
    const changes = changedFields({
      before: { deezerArl: null, liveApiKey: 'oude-sleutel', nonstopApiKey: 'weg', label: 'x' },
      after: { deezerArl: ARL, liveApiKey: 'nieuwe-sleutel', nonstopApiKey: '', label: 'y' },
      secretFields: ['label'],
    });
    expect(changes).toEqual([
      { field: 'deezerArl', before: 'niet ingesteld', after: 'ingesteld' },
      { field: 'liveApiKey', before: 'ingesteld', after: 'gewijzigd' },
      { field: 'nonstopApiKey', before: 'ingesteld', after: 'niet ingesteld' },
      { field: 'label', before: 'ingesteld', after: 'gewijzigd' },
    ]);
    const text = JSON.stringify(changes);
    for (const secret of [ARL, 'oude-sleutel', 'nieuwe-sleutel', 'weg']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('recording an admin change', () => {
  const adminRequest = (error = vi.fn()) =>
    ({
      user: { id: 7, name: '  ', email: 'beheer@radio.test' },
      log: { error },
    }) as unknown as FastifyRequest;

  it('hands the change to the queue with who and when', async () => {
    const events: AdminChangeEvent[] = [];
    const trail = new AdminAuditTrail(
      async (event) => {
        events.push(event);
      },
      () => new Date('2026-11-23T12:00:00Z'),
    );
    await trail.record(adminRequest(), {
      action: 'user.role',
      target: 'joost@radio.test',
      before: { role: 'listener' },
      after: { role: 'admin' },
    });
    expect(events).toEqual([
      {
        eventId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
        occurredAt: '2026-11-23T12:00:00.000Z',
        actorUserId: 7,
        actorLabel: 'beheer@radio.test',
        action: 'user.role',
        target: 'joost@radio.test',
        changes: [{ field: 'role', before: 'listener', after: 'admin' }],
      },
    ]);
  });

  it('records nothing for a change that changed nothing', async () => {
    const enqueue = vi.fn(async () => {});
    await new AdminAuditTrail(enqueue).record(adminRequest(), {
      action: 'settings.requests',
      target: 'Instellingen',
      before: { requestsEnabled: true },
      after: { requestsEnabled: true },
    });
    expect(enqueue).not.toHaveBeenCalled();
  });

  it('never fails the change when the queue is down, and logs the masked entry as an error', async () => {
    const error = vi.fn();
    const trail = new AdminAuditTrail(async () => {
      throw new Error('redis is not ready');
    });
    await expect(
      trail.record(adminRequest(error), {
        action: 'settings.deezer-arl',
        target: 'Instellingen',
        before: { deezerArl: null },
        after: { deezerArl: ARL },
      }),
    ).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledOnce();
    expect(JSON.stringify(error.mock.calls)).not.toContain(ARL);
    expect(String(error.mock.calls[0]?.[1])).toMatch(/NOT IN THE AUDIT LOG/);
  });
});
