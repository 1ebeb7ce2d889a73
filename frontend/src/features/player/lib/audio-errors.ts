/** Spec section 8: the texts shown under the player when the audio element reports an error. */
export const AUDIO_ERROR = {
  default: 'Stream tijdelijk niet beschikbaar',
  unsupported: 'Audio formaat niet ondersteund',
  network: 'Netwerkfout',
  decode: 'Audio decodeer fout',
  interrupted: 'Stream onderbroken',
} as const;

/** Spec section 8: the texts shown when starting playback (HTMLMediaElement.play) fails. */
export const PLAY_ERROR = {
  default: 'Stream niet beschikbaar',
  notAllowed: 'Klik nogmaals voor toestemming',
  unsupported: 'Formaat niet ondersteund',
  network: 'Netwerkfout - controleer verbinding',
  insecure: 'HTTPS verbindingsprobleem',
} as const;

// MediaError codes (jsdom and some browsers have no MediaError global to read them from).
const MEDIA_ERR_ABORTED = 1;
const MEDIA_ERR_NETWORK = 2;
const MEDIA_ERR_DECODE = 3;
const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

/**
 * The text for an `error` event of the audio element.
 *
 * MEDIA_ERR_SRC_NOT_SUPPORTED means "this source could not be opened". Browsers report it both
 * for an unplayable format and for an address that answers an HTTP error or nothing at all
 * (Chromium: "Format error" for a 502). The stream is MP3, so when the browser can play MP3
 * the address was unreachable: the stream is temporarily unavailable, not in a wrong format.
 */
export function audioErrorMessage(code: number | undefined, canPlayStreamFormat: boolean): string {
  switch (code) {
    case MEDIA_ERR_ABORTED:
      return AUDIO_ERROR.interrupted;
    case MEDIA_ERR_NETWORK:
      return AUDIO_ERROR.network;
    case MEDIA_ERR_DECODE:
      return AUDIO_ERROR.decode;
    case MEDIA_ERR_SRC_NOT_SUPPORTED:
      return canPlayStreamFormat ? AUDIO_ERROR.default : AUDIO_ERROR.unsupported;
    default:
      return AUDIO_ERROR.default;
  }
}

/** A DOMException (or Error) field; realms differ, so no instanceof. */
function field(error: unknown, key: 'name' | 'message'): string {
  if (typeof error !== 'object' || error === null || !(key in error)) return '';
  const value: unknown = (error as Record<typeof key, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

const errorName = (error: unknown) => field(error, 'name');
const errorText = (error: unknown) => field(error, 'message');

/** The play() rejection that means the browser wants a user gesture first (autoplay policy). */
export function isPermissionError(error: unknown): boolean {
  return errorName(error) === 'NotAllowedError';
}

/** The play() rejection caused by our own pause() or a new source: not a failure. */
export function isInterruption(error: unknown): boolean {
  return errorName(error) === 'AbortError';
}

/** The text for a rejected play(). */
export function playFailureMessage(error: unknown): string {
  const name = errorName(error);
  const text = errorText(error);
  if (name === 'NotAllowedError') return PLAY_ERROR.notAllowed;
  if (name === 'NotSupportedError') return PLAY_ERROR.unsupported;
  if (
    name === 'SecurityError' ||
    /cors|cross-origin|mixed content|https|ssl|certificate/i.test(text)
  ) {
    return PLAY_ERROR.insecure;
  }
  if (name === 'NetworkError' || /network/i.test(text)) return PLAY_ERROR.network;
  return PLAY_ERROR.default;
}
