import { HttpError } from '@radio/service-kit';
import type { Refusal } from './judge.ts';

/**
 * A refusal of a request: 409 (the track) or 429 (the requester's limits), with the wait in
 * seconds as `Retry-After` and `retryAfter` of the body when there is one.
 */
export class RequestRefusal extends HttpError {
  constructor(statusCode: 409 | 429, code: string, message: string, retryAfter?: number) {
    super(
      statusCode,
      code,
      message,
      retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
      retryAfter === undefined ? {} : { retryAfter },
    );
  }
}

/**
 * The error a judge's refusal answers with: a 409 or 429 as a RequestRefusal; a 503 tells its
 * wait in Retry-After only, as every answer of a dependency that is away does.
 */
export function refusalError(refusal: Refusal): HttpError {
  const { status, code, message, retryAfterSeconds } = refusal;
  if (status === 409 || status === 429) {
    return new RequestRefusal(status, code, message, retryAfterSeconds);
  }
  const headers: Record<string, string> =
    retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) };
  return new HttpError(status, code, message, headers);
}
