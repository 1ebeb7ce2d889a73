import { describe } from 'vitest';
import { describeRouteFuzz } from '@radio/service-kit/testing';
import { buildAuthApp } from './build.ts';

describe('every auth route under hostile input', () => {
  describeRouteFuzz(buildAuthApp, {
    samples: {
      'POST /api/auth/login': { body: { email: 'kees@radio.test', password: 'geheim123' } },
      'POST /api/auth/register': {
        body: { email: 'fuzz@radio.test', password: 'geheim123', name: 'Fuzz' },
      },
      'POST /api/auth/set-display-name': { body: { displayName: 'Kees' } },
      'PATCH /api/auth/change-password': {
        body: { currentPassword: 'onjuist', newPassword: 'geheim456' },
      },
      'PATCH /api/auth/change-email': { body: { email: 'kees@radio.test', password: 'x' } },
      'PATCH /api/admin/users/:id/role': { body: { role: 'listener' } },
      'GET /api/admin/audit-log': { query: { page: '1', pageSize: '25' } },
      'PATCH /api/admin/users/:id/limits': {
        body: {
          customRequestsPerHour: 1,
          customRequestsPerDay: 1,
          customCooldownMinutes: 1,
          canBypassLimits: false,
        },
      },
    },
  });
});
