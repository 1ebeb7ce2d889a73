import {
  describeRoutePermissions,
  kitRouteCases,
  type RouteCases,
} from '@radio/service-kit/testing';
import { builtInStationPaths } from '@radio/station';
import { buildRequestsApp } from '../build.ts';

const cases: RouteCases = {
  ...kitRouteCases,
  'GET /api/dj-settings': { access: 'public' },
  'POST /api/dj-settings/registration': {
    access: 'admin',
    call: () => ({ payload: { enabled: true } }),
  },
  [`GET ${builtInStationPaths.nowPlaying}`]: { access: 'station' },
  [`GET ${builtInStationPaths.history}`]: { access: 'station' },
  [`GET ${builtInStationPaths.files}`]: { access: 'station' },
  [`GET ${builtInStationPaths.queue}`]: { access: 'station' },
  [`GET ${builtInStationPaths.next}`]: { access: 'station', success: 204 },
  [`POST ${builtInStationPaths.trackStarted}`]: {
    access: 'station',
    call: () => ({ payload: { title: 'Tegenwind', duration: 50 } }),
  },
};

describeRoutePermissions(buildRequestsApp, cases);
