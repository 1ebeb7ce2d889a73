import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@radio/contracts';

/** An error a user may see: an HTTP status, a code for programs and a Dutch message for people. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Er is een interne fout opgetreden';

/** Dutch texts for the client errors Fastify raises itself (bad JSON, wrong content type...). */
const clientErrorMessages: Record<number, string> = {
  405: 'Deze methode is niet toegestaan',
  406: 'Dit antwoordformaat wordt niet ondersteund',
  413: 'Het verzoek is te groot',
  415: 'Dit type inhoud wordt niet ondersteund',
};

function isClientError(error: unknown): error is FastifyError & { statusCode: number } {
  const status = (error as FastifyError).statusCode;
  return error instanceof Error && typeof status === 'number' && status >= 400 && status < 500;
}

function errorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: { message: error.message, code: error.code } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = error.validation[0]?.message ?? 'Ongeldige invoer';
    return { status: 400, body: { message, code: 'VALIDATION_ERROR' } };
  }
  if (isClientError(error)) {
    const message = clientErrorMessages[error.statusCode] ?? 'Ongeldig verzoek';
    return { status: error.statusCode, body: { message, code: error.code } };
  }
  return { status: 500, body: { message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_ERROR' } };
}

/** One error body for every failure; the details of a 5xx go to the log, never to the client. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler<unknown>((error, request, reply) => {
    const { status, body } = errorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.code }, body.message);
    if (error instanceof HttpError) reply.headers(error.headers);
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: 'Deze pagina bestaat niet', code: 'NOT_FOUND' }),
  );
}
