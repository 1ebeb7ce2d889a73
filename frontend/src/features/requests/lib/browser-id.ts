import { readStored, writeStored } from '@/lib/local-store';

const KEY = 'radio.browser-id';

/**
 * A random id of this browser, made once and kept locally, sent as browserFingerprint (spec
 * section 7). Nothing about the device is read: it is no fingerprint in the tracking sense.
 */
export function browserId(): string {
  const stored = readStored(KEY);
  if (stored) return stored;
  const id = crypto.randomUUID();
  writeStored(KEY, id);
  return id;
}
