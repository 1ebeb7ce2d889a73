import { describe } from 'vitest';
import { describeRouteFuzz } from '@radio/service-kit/testing';
import { buildUploadsApp } from './build.ts';

describe('every uploads route under hostile input', () => {
  describeRouteFuzz(buildUploadsApp);
});
