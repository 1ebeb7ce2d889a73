import { describe, expect, it } from 'vitest';
import { audioErrorMessage, playFailureMessage } from './audio-errors';

describe('audioErrorMessage', () => {
  it.each([
    [1, 'Stream onderbroken'],
    [2, 'Netwerkfout'],
    [3, 'Audio decodeer fout'],
    [undefined, 'Stream tijdelijk niet beschikbaar'],
    [0, 'Stream tijdelijk niet beschikbaar'],
  ])('MediaError code %s reads "%s"', (code, text) => {
    expect(audioErrorMessage(code, true)).toBe(text);
  });

  it('reads an unopenable source as unavailable when the browser plays MP3, else as the format', () => {
    expect(audioErrorMessage(4, true)).toBe('Stream tijdelijk niet beschikbaar');
    expect(audioErrorMessage(4, false)).toBe('Audio formaat niet ondersteund');
  });
});

describe('playFailureMessage', () => {
  const failure = (name: string, message = '') => new DOMException(message, name);

  it.each([
    [
      failure('NotAllowedError', 'play() failed because the user did not interact'),
      'Klik nogmaals voor toestemming',
    ],
    [
      failure('NotSupportedError', 'Failed to load because no supported source was found.'),
      'Formaat niet ondersteund',
    ],
    [failure('NetworkError'), 'Netwerkfout - controleer verbinding'],
    [new Error('A network error occurred'), 'Netwerkfout - controleer verbinding'],
    [failure('SecurityError'), 'HTTPS verbindingsprobleem'],
    [new Error('Blocked: cross-origin request without CORS'), 'HTTPS verbindingsprobleem'],
    [new Error('Mixed Content: the page was loaded over HTTPS'), 'HTTPS verbindingsprobleem'],
    [new Error('Something else'), 'Stream niet beschikbaar'],
    ['not even an error', 'Stream niet beschikbaar'],
    [undefined, 'Stream niet beschikbaar'],
  ])('%s reads "%s"', (error, text) => {
    expect(playFailureMessage(error)).toBe(text);
  });
});
