/** An answer of a service over HTTP, in the shape of app.inject's. */
export interface HttpTestResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

/** JSON (an object or array), or a body as it is (with its content-type in the headers). */
type Payload = Record<string, unknown> | unknown[] | string | Buffer;
/** As TestClient's (app.inject's) options. */
interface CallOptions {
  headers?: Record<string, string>;
}

/** A browser of a service that runs as a process (fetch, with these cookies). */
export class HttpTestClient {
  readonly #baseUrl: string;
  readonly cookies = new Map<string, string>();

  constructor(baseUrl: string, cookies: Record<string, string> = {}) {
    this.#baseUrl = baseUrl;
    for (const [name, value] of Object.entries(cookies)) this.cookies.set(name, value);
  }

  async request(
    method: string,
    url: string,
    payload?: Payload,
    { headers = {} }: CallOptions = {},
  ): Promise<HttpTestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const json = payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload);
    const response = await fetch(new URL(url, this.#baseUrl), {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: json ? JSON.stringify(payload) : payload,
    });
    const body = await response.text();
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body,
      json: <T>() => JSON.parse(body) as T,
    };
  }

  get(url: string, options?: CallOptions): Promise<HttpTestResponse> {
    return this.request('GET', url, undefined, options);
  }

  post(url: string, payload?: Payload, options?: CallOptions): Promise<HttpTestResponse> {
    return this.request('POST', url, payload, options);
  }

  patch(url: string, payload?: Payload, options?: CallOptions): Promise<HttpTestResponse> {
    return this.request('PATCH', url, payload, options);
  }
}
