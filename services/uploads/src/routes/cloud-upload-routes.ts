import { z } from 'zod';
import {
  CLOUD_UPLOAD_MAX_BYTES,
  cloudUploadDownloadResponseSchema,
  cloudUploadFieldsSchema,
  cloudUploadLibraryResponseSchema,
  cloudUploadResponseSchema,
  cloudUploadsQuerySchema,
  cloudUploadsResponseSchema,
  cloudUploadStatusBodySchema,
  FILES_PATH_PREFIX,
} from '@radio/contracts';
import { currentUser, HttpError, type RoutePlugin } from '@radio/service-kit';
import type { CloudUploadRow } from '@radio/db';
import { attachmentDisposition, isValidPathSignature } from '@radio/storage';
import {
  CLOUD_KEY_PREFIX,
  toCloudUpload,
  type CloudUploadService,
} from '../cloud-uploads/cloud-upload-service.ts';
import {
  receiveForm,
  registerUploadParser,
  sendStoredFile,
  storedFileSchema,
} from './multipart-form.ts';

const refusals = {
  notMultipart: () =>
    new HttpError(
      415,
      'NOT_MULTIPART',
      'Stuur de track als formulier (multipart/form-data) met het veld audio.',
    ),
  tooLarge: () =>
    new HttpError(413, 'FILE_TOO_LARGE', 'Bestand te groot: een track mag maximaal 50 MB zijn.'),
  missingAudio: () =>
    new HttpError(400, 'MISSING_AUDIO', 'Incomplete informatie: kies een audiobestand.'),
  broken: () =>
    new HttpError(
      400,
      'INCOMPLETE_UPLOAD',
      'Het bestand is niet volledig aangekomen. Probeer het opnieuw.',
    ),
};

const notFound = (): HttpError => new HttpError(404, 'NOT_FOUND', 'Deze pagina bestaat niet');

const reviewer = (user: { name: string; email: string }): string => user.name.trim() || user.email;

/** The kit's error body, which the upload page reads as `error` (spec section 7). */
const errorBody = z.looseObject({ message: z.string(), code: z.string() });

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Listener track uploads (POST /api/cloud-upload) and their moderation by an admin. */
export function cloudUploadRoutes(uploads: CloudUploadService, signingSecret: string): RoutePlugin {
  return async (app) => {
    await registerUploadParser(app, CLOUD_UPLOAD_MAX_BYTES);

    // The upload page reads `error` from a refusal (spec section 7); `message` stays for the rest.
    app.addHook('onSend', async (_request, reply, payload: unknown) => {
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      const parsed = errorBody.safeParse(JSON.parse(payload));
      return parsed.success
        ? JSON.stringify({ ...parsed.data, error: parsed.data.message })
        : payload;
    });

    app.post(
      '/api/cloud-upload',
      {
        config: { access: 'user' },
        schema: { response: { 201: cloudUploadResponseSchema } },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const row = await uploads.store(user.id, (file, through) =>
          receiveForm(request, file, cloudUploadFieldsSchema, refusals, through),
        );
        request.log.info({ userId: user.id, uploadId: row.id }, 'cloud upload stored');
        return reply.code(201).send({ upload: uploads.present(row) });
      },
    );

    app.get(
      '/api/cloud-uploads',
      {
        config: { access: 'admin' },
        schema: {
          querystring: cloudUploadsQuerySchema,
          response: { 200: cloudUploadsResponseSchema },
        },
      },
      async (request) => ({
        uploads: (await uploads.list(request.query.status)).map((row) => uploads.present(row)),
        libraryAvailable: uploads.libraryAvailable,
      }),
    );

    // The uploader's own list: no storage link (that is for admins).
    app.get(
      '/api/cloud-uploads/mine',
      { config: { access: 'user' }, schema: { response: { 200: cloudUploadsResponseSchema } } },
      async (request) => ({
        uploads: (await uploads.listOf(currentUser(request).id)).map((row) => toCloudUpload(row)),
        libraryAvailable: uploads.libraryAvailable,
      }),
    );

    app.post(
      '/api/cloud-uploads/:id/library',
      {
        config: { access: 'admin' },
        schema: {
          params: idParams,
          response: {
            200: cloudUploadLibraryResponseSchema,
            202: cloudUploadLibraryResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { row, queued, previousLibraryStatus } = await uploads.addToLibrary(
          request.params.id,
        );
        if (queued) {
          request.log.info({ uploadId: row.id }, 'cloud upload queued for the library');
          await request.server.adminAudit.record(request, {
            action: 'upload.library',
            target: uploadLabel(row),
            before: { libraryStatus: previousLibraryStatus },
            after: { libraryStatus: row.libraryStatus },
          });
        }
        return reply.code(queued ? 202 : 200).send({ upload: uploads.present(row) });
      },
    );

    app.patch(
      '/api/cloud-uploads/:id/status',
      {
        config: { access: 'admin' },
        schema: {
          params: idParams,
          body: cloudUploadStatusBodySchema,
          response: { 200: cloudUploadResponseSchema },
        },
      },
      async (request) => {
        const admin = reviewer(currentUser(request));
        const row = await uploads.decide(request.params.id, request.body.status, admin);
        // Only a pending upload is decided on (anything else is a 409).
        await request.server.adminAudit.record(request, {
          action: 'upload.status',
          target: uploadLabel(row),
          before: { status: 'pending' },
          after: { status: row.status },
        });
        return { upload: uploads.present(row) };
      },
    );

    app.post(
      '/api/cloud-uploads/:id/download',
      {
        config: { access: 'admin' },
        schema: { params: idParams, response: { 200: cloudUploadDownloadResponseSchema } },
      },
      async (request) => {
        const admin = reviewer(currentUser(request));
        const { url, downloaded } = await uploads.download(request.params.id, admin);
        if (downloaded) {
          await request.server.adminAudit.record(request, {
            action: 'upload.status',
            target: uploadLabel(downloaded),
            before: { status: 'approved' },
            after: { status: downloaded.status },
          });
        }
        return { downloadUrl: url };
      },
    );

    // The admin page's inline preview, in any status (an admin listens before deciding).
    app.get(
      '/api/cloud-uploads/:id/audio',
      {
        config: { access: 'admin' },
        schema: { params: idParams, response: { 200: z.unknown() } },
      },
      async (request, reply) => {
        const object = await uploads.openById(request.params.id);
        if (!object) throw notFound();
        return sendStoredFile(reply, object, object.row.contentType);
      },
    );

    // Signed links of the local driver; a bucket serves its own.
    app.get(
      `${FILES_PATH_PREFIX}${CLOUD_KEY_PREFIX}:name`,
      {
        config: { access: 'public' },
        schema: storedFileSchema,
      },
      async (request, reply) => {
        const pathname = request.url.split('?')[0] ?? '';
        if (!isValidPathSignature(signingSecret, pathname, request.query)) throw notFound();
        if (!/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/.test(request.params.name)) throw notFound();
        const object = await uploads.open(`${CLOUD_KEY_PREFIX}${request.params.name}`);
        if (!object) throw notFound();
        return sendStoredFile(reply, object, object.row.contentType, {
          'content-disposition': attachmentDisposition(object.row.originalName),
        });
      },
    );
  };
}

function uploadLabel(row: CloudUploadRow): string {
  return `${row.artist} – ${row.title}`;
}
