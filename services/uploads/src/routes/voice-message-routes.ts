import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  VOICE_MESSAGE_MAX_BYTES,
  VOICE_MESSAGE_PATH_PREFIX,
  voiceMessageUploadFieldsSchema,
  voiceMessageUploadResponseSchema,
} from '@radio/contracts';
import type { VoiceMessageRow } from '@radio/db';
import {
  currentUser,
  HttpError,
  requireInternalToken,
  requireUser,
  type RoutePlugin,
  type ServiceApp,
} from '@radio/service-kit';
import { isValidPathSignature } from '@radio/storage';
import { VOICE_MESSAGE_TYPE } from '../voice-messages/voice-audio.ts';
import type { VoiceMessageService } from '../voice-messages/voice-message-service.ts';
import {
  receiveForm,
  registerUploadParser,
  sendStoredFile,
  storedFileSchema,
} from './multipart-form.ts';

const notFound = (): HttpError => new HttpError(404, 'NOT_FOUND', 'Deze pagina bestaat niet');
const tooLarge = (): HttpError =>
  new HttpError(413, 'FILE_TOO_LARGE', 'Bestand te groot: de opname mag maximaal 16 MB zijn.');
const missingAudio = (): HttpError =>
  new HttpError(400, 'MISSING_AUDIO', 'Incomplete informatie: er is geen opname meegestuurd.');
const brokenUpload = (): HttpError =>
  new HttpError(
    400,
    'INCOMPLETE_UPLOAD',
    'De opname is niet volledig aangekomen. Probeer het opnieuw.',
  );
const notMultipart = (): HttpError =>
  new HttpError(
    415,
    'NOT_MULTIPART',
    'Stuur de opname als formulier (multipart/form-data) met het veld audio.',
  );
const refusals = { notMultipart, tooLarge, missingAudio, broken: brokenUpload };

/**
 * Whether the caller may hear this voice message: a signed link (what the station is given),
 * the internal token, its owner or an admin. Not the station's key: it reads the station's API
 * only.
 */
async function mayFetch(
  app: ServiceApp,
  request: FastifyRequest<{ Querystring: { expires?: string; signature?: string } }>,
  reply: FastifyReply,
  row: VoiceMessageRow,
  signingSecret: string,
): Promise<boolean> {
  const pathname = request.url.split('?')[0] ?? '';
  if (isValidPathSignature(signingSecret, pathname, request.query)) return true;
  const passes = async (check: () => Promise<void>): Promise<boolean> =>
    check().then(
      () => true,
      () => false,
    );
  if (request.headers['x-internal-token'] !== undefined) {
    return passes(() => requireInternalToken.call(app, request, reply));
  }
  if (!(await passes(() => requireUser.call(app, request, reply)))) return false;
  const user = currentUser(request);
  return user.role === 'admin' || user.id === row.userId;
}

export function voiceMessageRoutes(
  voices: VoiceMessageService,
  signingSecret: string,
): RoutePlugin {
  return async (app) => {
    await registerUploadParser(app, VOICE_MESSAGE_MAX_BYTES);

    app.post(
      '/api/voicetrack-upload',
      {
        config: { access: 'user' },
        schema: { response: { 201: voiceMessageUploadResponseSchema } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { downloadUrl } = await voices.store(user.id, async (file) => {
          await receiveForm(request, file, voiceMessageUploadFieldsSchema, refusals);
        });
        request.log.info({ userId: user.id }, 'voice message stored');
        return reply.code(201).send({ downloadUrl });
      },
    );

    app.get(
      `${VOICE_MESSAGE_PATH_PREFIX}:name`,
      {
        // Checked in the handler: a signed link, the internal token, or the owner's or an admin's
        // session. Everyone else gets a 404, so a voice message's existence is not given away.
        config: { access: 'public' },
        schema: storedFileSchema,
      },
      async (request, reply) => {
        const row = await voices.find(request.params.name);
        if (!row) throw notFound();
        if (!(await mayFetch(app, request, reply, row, signingSecret))) throw notFound();
        const object = await voices.open(row);
        if (!object) throw notFound();
        return sendStoredFile(reply, object, VOICE_MESSAGE_TYPE);
      },
    );
  };
}
