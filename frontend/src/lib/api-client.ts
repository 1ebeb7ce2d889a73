import type { z } from 'zod';
import { loadContracts, type Contracts } from './contracts';

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

async function parseServerMessage(body: string): Promise<string | undefined> {
  const { errorBodySchema } = await loadContracts();
  try {
    const parsed = errorBodySchema.pick({ message: true }).safeParse(JSON.parse(body));
    return parsed.success && parsed.data.message ? parsed.data.message : undefined;
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
    throw new ApiError(response.status, response.statusText, text, await parseServerMessage(text));
  }
  return response;
}

/**
 * Calls the API and checks the JSON it answers against the schema `schemaOf` picks from the
 * contracts, which load (once) while the request is under way.
 */
export async function apiJson<T>(
  schemaOf: (contracts: Contracts) => z.ZodType<T>,
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<T> {
  const [contracts, response] = await Promise.all([loadContracts(), apiRequest(method, url, body)]);
  return schemaOf(contracts).parse(await response.json());
}

/** The Dutch message of a server error body ({ message, code }), for showing in a toast. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** What to tell the listener about a failed call: the server's own text, else the error's. */
export function failureMessage(error: unknown): string {
  return serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
}
