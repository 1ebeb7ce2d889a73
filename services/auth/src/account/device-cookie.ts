import { randomBytes } from 'node:crypto';
import { sign, unsign } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KNOWN_CLIENT_DAYS } from './login-throttle.ts';

const DEVICE_COOKIE_NAME = 'radio.device';

/**
 * A random id per browser, signed, that the login throttle recognises on the accounts that
 * logged in from this browser before (OWASP's "device cookie"). It identifies no user.
 */
export class DeviceCookie {
  readonly #secret: string;

  constructor(secret: string) {
    this.#secret = secret;
  }

  /** The browser's device id, or a new one when it has none (or a forged one). */
  read(request: FastifyRequest): string {
    const cookie = request.cookies[DEVICE_COOKIE_NAME];
    const unsigned = cookie ? unsign(cookie, this.#secret) : null;
    return unsigned?.valid && unsigned.value
      ? unsigned.value
      : randomBytes(16).toString('base64url');
  }

  write(reply: FastifyReply, device: string): void {
    reply.setCookie(DEVICE_COOKIE_NAME, sign(device, this.#secret), {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: KNOWN_CLIENT_DAYS * 24 * 60 * 60,
    });
  }
}
