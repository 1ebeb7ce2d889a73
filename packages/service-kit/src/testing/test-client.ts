import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ServiceApp } from '../create-service.ts';

type Payload = InjectOptions['payload'];
type CallOptions = Omit<InjectOptions, 'method' | 'url' | 'payload'>;

/** app.inject with a cookie jar: one browser. */
export class TestClient {
  readonly #app: ServiceApp;
  readonly cookies = new Map<string, string>();

  constructor(app: ServiceApp, cookies: Record<string, string> = {}) {
    this.#app = app;
    for (const [name, value] of Object.entries(cookies)) this.cookies.set(name, value);
  }

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await this.#app.inject({
      ...options,
      cookies: { ...Object.fromEntries(this.cookies), ...options.cookies },
    });
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
    return this.request({ ...options, method: 'GET', url });
  }

  post(url: string, payload?: Payload, options: CallOptions = {}): Promise<LightMyRequestResponse> {
    return this.request({ ...options, method: 'POST', url, payload });
  }

  patch(
    url: string,
    payload?: Payload,
    options: CallOptions = {},
  ): Promise<LightMyRequestResponse> {
    return this.request({ ...options, method: 'PATCH', url, payload });
  }
}
