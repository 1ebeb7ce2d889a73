import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed paths of the local driver (served by the uploads service): the path, an expiry in unix
 * seconds and an HMAC of both, so a link works without a session until it expires.
 */
export interface PathSignature {
  expires: number;
  signature: string;
}

const mac = (secret: string, path: string, expires: number): string =>
  createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url');

export function signPath(
  secret: string,
  path: string,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return `${path}?expires=${expires}&signature=${mac(secret, path, expires)}`;
}

export function isValidPathSignature(
  secret: string,
  path: string,
  given: { expires?: unknown; signature?: unknown },
  now = Date.now(),
): boolean {
  const expires = Number(given.expires);
  if (!Number.isSafeInteger(expires) || expires < now / 1000) return false;
  if (typeof given.signature !== 'string') return false;
  const expected = Buffer.from(mac(secret, path, expires));
  const actual = Buffer.from(given.signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Where the uploads service serves stored objects by signed path, and the key that signs them. */
export interface StorageContext {
  /** Path under which the uploads service serves objects, e.g. `/files`. */
  urlPrefix: string;
  signingSecret: string;
}

/** The signed path of an object, served by the uploads service (both drivers hand these out). */
export function signObjectPath(context: StorageContext, key: string, ttlSeconds: number): string {
  return signPath(
    context.signingSecret,
    `${context.urlPrefix.replace(/\/$/, '')}/${key}`,
    ttlSeconds,
  );
}

/**
 * The key that signs paths served by the uploads service, derived from the INTERNAL_TOKEN every
 * service already shares (the requests service signs the station's voice message links).
 */
export const pathSigningSecret = (internalToken: string): string =>
  createHmac('sha256', internalToken).update('radio-storage-signed-paths').digest('base64url');
