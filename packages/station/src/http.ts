/**
 * AzuraCast answers errors as plain text to user agents that look like curl or Liquidsoap, and
 * refuses some calls to crawlers; deemix and deezer-py send a desktop browser's agent to Deezer
 * too: look like a browser.
 */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Why a fetch failed, for a log line: its cause's message (the network error) when it has one. */
export function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}
