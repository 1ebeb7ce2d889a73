import { HttpError } from '@radio/service-kit';

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
