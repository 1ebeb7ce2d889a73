import {
  describeRoutePermissions,
  kitRouteCases,
  type RouteCases,
} from '@radio/service-kit/testing';
import { buildUploadsApp } from '../build.ts';

const cases: RouteCases = {
  ...kitRouteCases,
};

describeRoutePermissions(buildUploadsApp, cases);
