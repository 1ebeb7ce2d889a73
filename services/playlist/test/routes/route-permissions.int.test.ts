import {
  describeRoutePermissions,
  kitRouteCases,
  type RouteCases,
} from '@radio/service-kit/testing';
import { buildPlaylistApp } from '../build.ts';

const cases: RouteCases = {
  ...kitRouteCases,
  'GET /api/now-playing': { access: 'public' },
  'GET /api/station-info': { access: 'public' },
  'GET /api/playlist/available-dates': { access: 'public' },
  'GET /api/playlist/available-hours': {
    access: 'public',
    call: () => ({ query: { date: '2026-11-21' } }),
  },
  'GET /api/playlist': {
    access: 'public',
    call: () => ({ query: { date: '2026-11-21', hour: 'all' } }),
  },
  'GET /api/admin/play-history.csv': {
    access: 'admin',
    call: () => ({ query: { month: '2026-11' } }),
  },
};

describeRoutePermissions(buildPlaylistApp, cases);
