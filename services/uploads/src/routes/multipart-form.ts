import type { Readable, Transform } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '@radio/service-kit';
import { writeTo } from '../voice-messages/voice-message-service.ts';

export interface FormRefusals {
  notMultipart: () => HttpError;
  tooLarge: () => HttpError;
  missingAudio: () => HttpError;
  broken: () => HttpError;
}

const isFileTooLarge = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/** A client error of the multipart parser (a broken or cut-off form), not a failure of ours. */
function asUploadError(error: unknown, refusals: FormRefusals): unknown {
  if (error instanceof HttpError) return error;
  if (isFileTooLarge(error)) return refusals.tooLarge();
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  // System errors (a full disk...) stay failures of ours; everything else is the form's fault.
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'ECONNRESET') return error;
  return refusals.broken();
}

/**
 * Reads a multipart form: the `audio` file streamed (through `through`, when given) into `file`
 * (the size limit is the multipart plugin's, enforced while it streams), the text fields checked
 * against `schema`.
 */
export async function receiveForm<Schema extends z.ZodType>(
  request: FastifyRequest,
  file: string,
  schema: Schema,
  refusals: FormRefusals,
  through?: Transform,
): Promise<{ fields: z.output<Schema>; fileName: string }> {
  if (!request.isMultipart()) throw refusals.notMultipart();
  const fields: Record<string, string> = {};
  let fileName: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'audio' || fileName !== null) {
          part.file.resume();
          continue;
        }
        fileName = part.filename;
        await writeTo(part.file, file, through);
        if (part.file.truncated) throw refusals.tooLarge();
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw asUploadError(error, refusals);
  }
  if (fileName === null) throw refusals.missingAudio();
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw new HttpError(
      400,
      'VALIDATION_ERROR',
      parsed.error.issues[0]?.message ?? 'Ongeldige invoer',
    );
  }
  return { fields: parsed.data, fileName };
}

/** The multipart parser for one upload route: one `audio` file of at most `maxBytes`. */
export async function registerUploadParser(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 8_192, parts: 12 },
  });
  // An upload that failed mid-body (a full disk...) stops being read where the parser gave up:
  // the rest of it would stay on the connection, which the gateway keeps open and sends the next
  // request over, and that request would wait for an answer that never comes. It is read away.
  app.addHook('onError', async (request) => {
    if (request.raw.complete) return;
    request.raw.unpipe();
    request.raw.resume();
  });
}

/** Route schema of a stored file under `/files/`: its name and an optional signed link. */
export const storedFileSchema = {
  params: z.object({ name: z.string().max(300) }),
  querystring: z.object({
    expires: z.string().max(20).optional(),
    signature: z.string().max(200).optional(),
  }),
  response: { 200: z.unknown() },
};

/** Streams a stored object to the client, never cached on the way. */
export const sendStoredFile = (
  reply: FastifyReply,
  object: { stream: Readable; size: number },
  contentType: string,
  headers: Record<string, string> = {},
): FastifyReply =>
  reply
    .headers({
      'cache-control': 'private, no-store',
      'content-length': String(object.size),
      ...headers,
    })
    .type(contentType)
    .send(object.stream);
