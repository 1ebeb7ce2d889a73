import { readStored, writeStored } from './local-store';

// A page that sends the visitor to the login by a full page load (/api/login answers with a
// redirect to /auth and no way back) notes here where to return; /auth reads it after login.
const KEY = 'radio.page-after-login';
/** An old note (an abandoned login) is not followed. */
const VALID_MS = 30 * 60 * 1000;

export function rememberPageAfterLogin(path: string): void {
  writeStored(KEY, JSON.stringify({ path, at: Date.now() }));
}

export function rememberedPageAfterLogin(): string | undefined {
  try {
    const note = JSON.parse(readStored(KEY) ?? 'null') as { path?: unknown; at?: unknown } | null;
    if (typeof note?.path !== 'string' || typeof note.at !== 'number') return undefined;
    return Date.now() - note.at < VALID_MS ? note.path : undefined;
  } catch {
    return undefined;
  }
}

export function forgetPageAfterLogin(): void {
  writeStored(KEY, null);
}
