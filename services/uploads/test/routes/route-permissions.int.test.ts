import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  describeRoutePermissions,
  kitRouteCases,
  type RouteCases,
} from '@radio/service-kit/testing';
import { makeRecording, multipartBody } from '../audio.ts';
import { buildUploadsApp } from '../build.ts';

const cases: RouteCases = {
  ...kitRouteCases,
  'POST /api/voicetrack-upload': {
    access: 'user',
    success: 201,
    call: async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'radio-uploads-audio-'));
      const bytes = await makeRecording(dir, 'webm', { seconds: 1 });
      return multipartBody({ bytes, name: 'opname.webm', type: 'audio/webm' });
    },
  },
  // Owner, admin and station only; every one else is told it does not exist (see
  // voicetrack-upload.int.test.ts). A name that was never stored is not found for anyone.
  'GET /files/voicetracks/:name': {
    access: 'public',
    success: 404,
    call: () => ({ url: '/files/voicetracks/0123456789abcdef0123456789abcdef.mp3' }),
  },
};

describeRoutePermissions(buildUploadsApp, cases);
