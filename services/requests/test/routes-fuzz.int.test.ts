import { describe } from 'vitest';
import { describeRouteFuzz } from '@radio/service-kit/testing';
import { builtInStationPaths } from '@radio/station';
import { FAKE_VALID_ARL } from '@radio/testing';
import { buildRequestsApp } from './build.ts';

describe('every requests route under hostile input', () => {
  describeRouteFuzz(buildRequestsApp, {
    samples: {
      'POST /api/dj-settings/registration': { body: { enabled: true } },
      'PATCH /api/admin/toggle-requests': { body: { enabled: false } },
      'POST /api/admin/update-deezer-arl': { body: { arl: FAKE_VALID_ARL } },
      'PATCH /api/admin/settings': {
        body: {
          nonstopUrl: 'http://127.0.0.1:9/api/nowplaying/1',
          nonstopApiKey: 'sleutel',
          liveUrl: null,
          liveApiKey: '',
          localStreamUrl: '/stream/radio.m3u8',
          libraryName: 'Nonstop Mix',
          maxRequestsPerIp: 10,
          maxRequestsPerBrowser: 3,
          trackCooldownHours: 3,
          artistCooldownHours: 1,
        },
      },
      'POST /api/admin/settings/test-source': {
        body: { url: 'http://127.0.0.1:9/api/nowplaying/1', apiKey: 'sleutel', which: 'live' },
      },
      'POST /api/requests': {
        body: { source: 'local', libraryTrackId: 1, message: 'Voor Jan', browserFingerprint: 'b1' },
      },
      'PATCH /api/requests/:id/status': { body: { status: 'approved' } },
      'GET /api/requests': { query: { status: 'pending', page: '1', pageSize: '20' } },
      'PATCH /api/admin/broadcasting-mode': { body: { mode: 'live' } },
      'GET /api/admin/playlist': { query: { machine: '1' } },
      'POST /api/admin/playlist/move': {
        body: { fromPosition: 2, toPosition: 1, machine: 1, entryId: '1', version: 'v' },
      },
      'POST /api/admin/playlist/insert': {
        body: { filename: 'Klassiekers/Golden Earring - Radar Love.mp3', position: 1, machine: 1 },
      },
      'GET /api/search': { query: { artist: 'Golden Earring', title: 'Radar Love' } },
      [`POST ${builtInStationPaths.trackStarted}`]: {
        body: { title: 'Tegenwind', duration: 50 },
      },
    },
  });
});
