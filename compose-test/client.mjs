// What compose-test/smoke.mjs and scale.mjs share: a browser-like client of the gateway, and
// checks that print one line each and end the run at the first failure.
export const BASE = process.env.BASE_URL ?? 'http://gateway:8080';
export const ORIGIN = process.env.ORIGIN ?? BASE;
const started = Date.now();

export function fail(message) {
  console.error(`FAIL ${message}`);
  process.exit(1);
}
export const check = (ok, message) => {
  if (!ok) fail(message);
};
export const log = (message) =>
  console.log(`ok   [${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
export const elapsed = () => ((Date.now() - started) / 1000).toFixed(1);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client with its own cookie jar, like one browser: (method, url, body?) => Response. */
export function client() {
  const cookies = new Map();
  return async (method, url, body, { timeoutMs = 30_000 } = {}) => {
    const headers = { origin: ORIGIN };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload = body;
    if (body !== undefined && !(body instanceof FormData)) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(new URL(url, BASE), {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(timeoutMs),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
}

export async function json(response, what) {
  const text = await response.text();
  check(response.ok, `${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}

export async function poll(what, timeoutMs, probe, everyMs = 500) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) fail(`${what} (waited ${timeoutMs / 1000}s)`);
    await sleep(everyMs);
  }
}

/** The admin from .env, logged in. */
export async function loggedInAdmin() {
  const admin = client();
  const me = await json(
    await admin('POST', '/api/auth/login', {
      email: process.env.ADMIN_EMAIL,
      password: process.env.ADMIN_PASSWORD,
    }),
    'admin login',
  );
  return { admin, me };
}

/**
 * The services' bucket, with the uploads service's S3_* settings (run.sh passes them) and the
 * project's own S3 client: `read(key)` an object's bytes, `list()` every key and size.
 */
export async function bucket() {
  const { s3Client } = await import('/app/packages/storage/src/index.ts');
  const env = process.env;
  const s3 = s3Client(env.S3_ENDPOINT, {
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
    region: env.S3_REGION,
  });
  return {
    s3,
    name: env.S3_BUCKET,
    async read(key) {
      const chunks = [];
      for await (const chunk of await s3.getObject(env.S3_BUCKET, key)) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    async list() {
      const found = [];
      for await (const item of s3.listObjectsV2(env.S3_BUCKET, '', true)) {
        found.push({ key: item.name, size: item.size });
      }
      return found;
    },
  };
}
