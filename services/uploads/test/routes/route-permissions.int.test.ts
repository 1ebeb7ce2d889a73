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
  'POST /api/cloud-upload': {
    access: 'user',
    success: 201,
    call: async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'radio-uploads-audio-'));
      const bytes = await makeRecording(dir, 'mp3', { seconds: 1 });
      return multipartBody(
        { bytes, name: 'Artiest - Titel.mp3', type: 'audio/mpeg' },
        { artist: 'Artiest', title: 'Titel', submittedBy: 'Luisteraar' },
      );
    },
  },
  'GET /api/cloud-uploads': { access: 'admin' },
  'GET /api/cloud-uploads/mine': { access: 'user' },
  // Access is what this proves: this app has no station library (an add is in
  // services/worker/test/cloud-uploads/upload-to-library-flow.int.test.ts).
  'POST /api/cloud-uploads/:id/library': {
    access: 'admin',
    success: 409,
    call: () => ({ url: '/api/cloud-uploads/2147483647/library' }),
  },
  'PATCH /api/cloud-uploads/:id/status': {
    access: 'admin',
    call: async ({ testApp, seq }) => {
      const { id } = await testApp.app.db
        .insertInto('cloudUploads')
        .values({
          artist: 'Artiest',
          title: `Titel ${seq}`,
          originalName: 'track.mp3',
          submittedBy: 'Luisteraar',
          objectKey: `cloud-uploads/permissions-${seq}.mp3`,
          contentType: 'audio/mpeg',
          sizeBytes: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: `/api/cloud-uploads/${id}/status`, payload: { status: 'approved' } };
    },
  },
  // Access is what this proves; an upload without its object is not found, even for an admin
  // (a real download is in cloud-upload.int.test.ts).
  'POST /api/cloud-uploads/:id/download': {
    access: 'admin',
    success: 404,
    call: () => ({ url: '/api/cloud-uploads/2147483647/download' }),
  },
  'GET /api/cloud-uploads/:id/audio': {
    access: 'admin',
    success: 404,
    call: () => ({ url: '/api/cloud-uploads/2147483647/audio' }),
  },
  // A signed link only; a name that was never stored is not found for anyone.
  'GET /files/cloud-uploads/:name': {
    access: 'public',
    success: 404,
    call: () => ({ url: '/files/cloud-uploads/0123456789abcdef0123456789abcdef.mp3' }),
  },
  // Owner, admin and station only; every one else is told it does not exist (see
  // voice-message-upload.int.test.ts). A name that was never stored is not found for anyone.
  'GET /files/voicetracks/:name': {
    access: 'public',
    success: 404,
    call: () => ({ url: '/files/voicetracks/0123456789abcdef0123456789abcdef.mp3' }),
  },
};

describeRoutePermissions(buildUploadsApp, cases);
