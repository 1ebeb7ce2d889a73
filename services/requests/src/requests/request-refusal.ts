import { HttpError } from '@radio/service-kit';

/** A refusal of a request: 409 (the track) or 429 (the requester's limits), with the wait. */
export class RequestRefusal extends HttpError {
  readonly retryAfter: number | undefined;

  constructor(statusCode: 409 | 429, code: string, message: string, retryAfter?: number) {
    super(
      statusCode,
      code,
      message,
      retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
    );
    this.retryAfter = retryAfter;
  }
}
