import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@radio/contracts';
import { dependencyFailure, serviceUnavailable } from './dependency-errors.ts';
import type { LogLimiter } from './log-limiter.ts';

/** An error a user may see: an HTTP status, a code for programs and a Dutch message for people. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly headers: Record<string, string>;
  /** More fields of the error body (e.g. a refusal's retryAfter), as the route's schema has them. */
  readonly bodyFields: Record<string, unknown>;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    headers: Record<string, string> = {},
    bodyFields: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
    this.bodyFields = bodyFields;
  }
}

const INTERNAL_ERROR_MESSAGE = 'Er is een interne fout opgetreden';
const NOT_FOUND_MESSAGE = 'Deze pagina bestaat niet';
const BAD_REQUEST_MESSAGE = 'Ongeldig verzoek';

/** Dutch texts for the client errors Fastify raises itself (bad JSON, wrong content type...). */
const clientErrorMessages: Record<number, string> = {
  404: NOT_FOUND_MESSAGE,
  405: 'Deze methode is niet toegestaan',
  406: 'Dit antwoordformaat wordt niet ondersteund',
  413: 'Het verzoek is te groot',
  415: 'Dit type inhoud wordt niet ondersteund',
};

function isClientError(error: unknown): error is FastifyError & { statusCode: number } {
  const status = (error as FastifyError).statusCode;
  return error instanceof Error && typeof status === 'number' && status >= 400 && status < 500;
}

/** Fastify's codes are stable identifiers (FST_ERR_CTP_INVALID_JSON_BODY...); other codes are not ours to show. */
const clientErrorCode = (error: FastifyError): string =>
  typeof error.code === 'string' && error.code.startsWith('FST_') ? error.code : 'BAD_REQUEST';

function errorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    const body = { ...error.bodyFields, message: error.message, code: error.code };
    return { status: error.statusCode, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = error.validation[0]?.message ?? 'Ongeldige invoer';
    return { status: 400, body: { message, code: 'VALIDATION_ERROR' } };
  }
  if (isClientError(error)) {
    const message = clientErrorMessages[error.statusCode] ?? BAD_REQUEST_MESSAGE;
    return { status: error.statusCode, body: { message, code: clientErrorCode(error) } };
  }
  return { status: 500, body: { message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_ERROR' } };
}

/**
 * The error's own fields, without the stack, under a key pino-pretty does not expand over many
 * lines (it does so for `err` and `error`).
 */
const briefly = (error: unknown): Record<string, unknown> =>
  error instanceof Error
    ? {
        failure: {
          type: error.name,
          message: error.message,
          code: (error as { code?: unknown }).code,
        },
      }
    : { failure: String(error) };

/** One error body for every failure; the details of a 5xx go to the log, never to the client. */
export function installErrorHandlers(app: FastifyInstance, limiter: LogLimiter): void {
  app.setErrorHandler<unknown>((error, request, reply) => {
    const dependency = dependencyFailure(error);
    if (dependency) {
      limiter.log(
        request.log,
        'error',
        `unavailable:${dependency}`,
        briefly(error),
        `${dependency} unavailable`,
      );
      const unavailable = serviceUnavailable();
      reply.headers(unavailable.headers);
      return reply.status(503).send({ message: unavailable.message, code: unavailable.code });
    }
    const { status, body } = errorResponse(error);
    if (status >= 500) {
      const kind = `internal:${error instanceof Error ? error.name : 'unknown'}:${request.routeOptions.url ?? ''}`;
      limiter.log(request.log, 'error', kind, { err: error }, 'request failed');
    } else request.log.info({ status, code: body.code }, body.message);
    if (error instanceof HttpError) reply.headers(error.headers);
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: NOT_FOUND_MESSAGE, code: 'NOT_FOUND' }),
  );
}

/**
 * Errors Fastify answers before routing (a bad URL escape, a failing constraint): by default an
 * English body that echoes the path.
 */
export function frameworkErrorHandler(
  _error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply
    .status(400)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ message: BAD_REQUEST_MESSAGE, code: 'BAD_REQUEST' }));
}

const socketErrors: Record<string, { status: string; body: ErrorBody }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: '408 Request Timeout',
    body: { message: 'Het verzoek duurde te lang', code: 'REQUEST_TIMEOUT' },
  },
  HPE_HEADER_OVERFLOW: {
    status: '431 Request Header Fields Too Large',
    body: { message: 'De headers van het verzoek zijn te groot', code: 'HEADERS_TOO_LARGE' },
  },
};

/** Requests Node's HTTP parser refuses (malformed, too large, too slow): Dutch JSON as well. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = socketErrors[error.code ?? ''] ?? {
    status: '400 Bad Request',
    body: { message: BAD_REQUEST_MESSAGE, code: 'BAD_REQUEST' },
  };
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
