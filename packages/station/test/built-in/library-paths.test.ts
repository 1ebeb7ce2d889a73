import { describe, expect, it } from 'vitest';
import { builtInLibraryFile, builtInLibraryPath, isLibraryPath } from '../../src/index.ts';

const folders = { rotation: '/srv/bibliotheek', requestOnly: '/srv/verzoeken' };

describe('library paths of the built-in station', () => {
  it('names a file by its folder: the rotation as it is, request-only under verzoek/', () => {
    expect(builtInLibraryPath('Zomer/Femke de Wit - Tegenwind.mp3', false)).toBe(
      'Zomer/Femke de Wit - Tegenwind.mp3',
    );
    expect(builtInLibraryPath('Anneke Bosman - Zomeravond.mp3', true)).toBe(
      'verzoek/Anneke Bosman - Zomeravond.mp3',
    );
  });

  it('resolves a library path to the file in its folder', () => {
    expect(builtInLibraryFile('Zomer/Tegenwind.mp3', folders)).toBe(
      '/srv/bibliotheek/Zomer/Tegenwind.mp3',
    );
    expect(builtInLibraryFile('verzoek/Zomeravond.mp3', folders)).toBe(
      '/srv/verzoeken/Zomeravond.mp3',
    );
    expect(builtInLibraryFile('verzoek/Zomeravond.mp3', { rotation: '/srv/bibliotheek' })).toBe(
      null,
    );
  });

  it.each([
    '',
    '/etc/passwd',
    '../../etc/passwd',
    'verzoek/../../etc/passwd',
    'Zomer/./x.mp3',
    'Zomer//x.mp3',
    'x.mp3/',
    'a\\..\\b.mp3',
    'x.mp3\u0000.jpg',
    'regel\nbreuk.mp3',
  ])('never resolves %j, which would leave the library', (value) => {
    expect(isLibraryPath(value)).toBe(false);
    expect(builtInLibraryFile(value, folders)).toBe(null);
  });
});
