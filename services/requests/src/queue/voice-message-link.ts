import { signPath } from '@radio/storage';

/** A queued voice message may wait this long for its turn (the entry is made at approval). */
const VOICE_LINK_TTL_SECONDS = 7 * 24 * 3600;

export interface VoiceMessageLinks {
  /** Where the station fetches voice messages (`/files/...` paths) from, e.g. the site's origin. */
  filesOrigin: string;
  /** Signs the station's links to voice messages (the uploads service checks them). */
  filesSigningSecret: string;
}

/**
 * The link the station fetches a voice message by: signed, since only its owner, admins and the
 * station may hear it, and valid long enough for the entry to wait its turn. A full URL is
 * played as it is.
 */
export function voiceMessageLink(voicetrackUrl: string, links: VoiceMessageLinks): string {
  if (/^https?:\/\//.test(voicetrackUrl)) return voicetrackUrl;
  const signed = signPath(links.filesSigningSecret, voicetrackUrl, VOICE_LINK_TTL_SECONDS);
  return `${links.filesOrigin.replace(/\/$/, '')}${signed}`;
}
