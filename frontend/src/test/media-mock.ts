import { vi } from 'vitest';
import { act, fireEvent } from '@testing-library/react';

/** One call of HTMLMediaElement.play(): the address it played and its promise's controls. */
export type PlayCall = {
  src: string;
  resolve: () => Promise<void>;
  reject: (error: unknown) => Promise<void>;
};

/**
 * Replaces the media element's playback (jsdom has none) at the boundary: play() records the
 * address and returns a promise the test settles; pause() and load() do nothing.
 */
export function mockMediaElement({ canPlayMp3 = true }: { canPlayMp3?: boolean } = {}) {
  const plays: PlayCall[] = [];
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return new Promise<void>((resolve, reject) => {
      plays.push({
        src: this.src,
        resolve: () => act(async () => resolve()),
        reject: (error) => act(async () => reject(error)),
      });
    });
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  const load = vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue(canPlayMp3 ? 'maybe' : '');
  return { plays, play, pause, load };
}

/** The app's audio element. */
export function audioElement(): HTMLAudioElement {
  const audio = document.querySelector('audio');
  if (!audio) throw new Error('no <audio> element rendered');
  return audio;
}

/** The element reports a MediaError with this code (1 aborted … 4 source not supported). */
export function emitMediaError(code: number) {
  const audio = audioElement();
  Object.defineProperty(audio, 'error', { configurable: true, get: () => ({ code, message: '' }) });
  fireEvent.error(audio);
}

/** The element fires a media event (playing, waiting, loadstart, ended, pause). */
export function emitMediaEvent(type: string) {
  fireEvent(audioElement(), new Event(type));
}

export function domException(name: string, message = '') {
  return new DOMException(message, name);
}
