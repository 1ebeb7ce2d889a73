type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A non-ok response. Its message is "{status}: {response text}", as the spec prescribes. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The Dutch message of the error body ({ message, code }), when it has one. */
  readonly serverMessage: string | undefined;

  constructor(status: number, statusText: string, body: string, serverMessage?: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessage;
  }
}

function parseServerMessage(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    const message =
      typeof parsed === 'object' && parsed !== null && 'message' in parsed ? parsed.message : null;
    return typeof message === 'string' && message !== '' ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls the API with the session cookie. A body is sent as JSON (with a JSON content type) when
 * given, or as multipart when it is FormData; without a body neither is sent.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, response.statusText, text, parseServerMessage(text));
  }
  return response;
}

/**
 * Calls the API and returns the JSON it answers, typed by the shared contracts. The services
 * serialize every answer through those same schemas (Fastify response schemas), so the page does
 * not check them again: that would put zod (about 24 KB gzip) on every page's first load.
 */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (await response.json()) as T;
}

/** The Dutch message of a server error body ({ message, code }), for showing in a toast. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** What to tell the listener about a failed call: the server's own text, else the error's. */
export function failureMessage(error: unknown): string {
  return serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
}
