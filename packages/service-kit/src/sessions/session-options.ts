export const SESSION_COOKIE_NAME = 'radio.sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface Session {
    userId?: number;
  }
}
