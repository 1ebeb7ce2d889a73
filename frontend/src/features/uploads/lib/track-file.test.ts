import { describe, expect, it } from 'vitest';
import { CLOUD_UPLOAD_MAX_BYTES } from '@radio/contracts';
import {
  checkTrackForm,
  isTrackType,
  namesFromFileName,
  prefillNames,
  type TrackForm,
} from './track-file';

/** A File whose size is `size` without holding that many bytes. */
function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('artist and title from the file name', () => {
  it.each([
    ['Anneke Bosman - Zomeravond aan Zee.flac', 'Anneke Bosman', 'Zomeravond aan Zee'],
    ['De Kustband-Brug over de Vecht.mp3', 'De Kustband', 'Brug over de Vecht'],
    // The first " - " wins over an earlier plain hyphen in a name.
    ['Jan-Willem Smit - Avond - live.wav', 'Jan-Willem Smit', 'Avond - live'],
    ['  Trio  Noord  -  Eb en Vloed  .m4a', 'Trio Noord', 'Eb en Vloed'],
    ['Trio_Noord_-_Eb_en_Vloed.ogg', 'Trio Noord', 'Eb en Vloed'],
  ])('%s → %s / %s', (name, artist, title) => {
    expect(namesFromFileName(name)).toEqual({ artist, title });
  });

  it('takes a name without a separator as the title', () => {
    expect(namesFromFileName('opname 3.wav')).toEqual({ artist: '', title: 'opname 3' });
    expect(namesFromFileName('-intro.mp3')).toEqual({ artist: '', title: 'intro' });
  });
});

describe('prefilling from a new file', () => {
  const empty = { artist: '', title: '' };

  it('fills empty fields', () => {
    expect(prefillNames(empty, empty, { artist: 'A', title: 'T' })).toEqual({
      artist: 'A',
      title: 'T',
    });
  });

  it('replaces what the previous file filled in, keeps what the listener typed', () => {
    const last = { artist: 'Oud', title: 'Oude titel' };
    expect(
      prefillNames({ artist: 'Oud', title: 'Mijn titel' }, last, { artist: 'Nieuw', title: 'N' }),
    ).toEqual({ artist: 'Nieuw', title: 'Mijn titel' });
  });

  it('keeps a typed artist when the file name has none', () => {
    expect(
      prefillNames({ artist: 'Getypt', title: '' }, empty, { artist: '', title: 'opname' }),
    ).toEqual({ artist: 'Getypt', title: 'opname' });
  });
});

describe('the file type', () => {
  it.each([
    ['a.mp3', 'audio/mpeg'],
    ['a.MP3', ''],
    ['a.mpeg', 'video/mpeg'],
    ['a.wav', 'audio/x-wav'],
    ['a.flac', 'audio/flac'],
    ['a.aac', 'audio/aac'],
    ['a.ogg', 'application/ogg'],
    ['a.m4a', 'audio/x-m4a'],
    ['zonder-extensie', 'audio/mpeg'],
  ])('accepts %s (%s)', (name, type) => {
    expect(isTrackType({ name, type })).toBe(true);
  });

  it.each([
    ['notities.txt', 'text/plain'],
    ['foto.jpg', 'image/jpeg'],
    ['film.mp4', 'video/mp4'],
    ['nep.mp3', 'image/jpeg'],
    ['zonder-extensie', ''],
    ['a.webm', 'audio/webm'],
  ])('refuses %s (%s)', (name, type) => {
    expect(isTrackType({ name, type })).toBe(false);
  });
});

describe('the checks before sending', () => {
  const form = (overrides: Partial<TrackForm>): TrackForm => ({
    file: fileOf('Anneke Bosman - Zomeravond aan Zee.flac', 'audio/flac'),
    artist: 'Anneke Bosman',
    title: 'Zomeravond aan Zee',
    submittedBy: 'Anna',
    message: '',
    ...overrides,
  });

  it('passes a complete form with an audio file of at most 50 MB', () => {
    expect(checkTrackForm(form({}))).toEqual({ ok: true });
    const largest = fileOf('a.mp3', 'audio/mpeg', CLOUD_UPLOAD_MAX_BYTES);
    expect(checkTrackForm(form({ file: largest }))).toEqual({ ok: true });
  });

  it('refuses another type', () => {
    const check = checkTrackForm(form({ file: fileOf('notities.txt', 'text/plain') }));
    expect(check).toMatchObject({ ok: false, kind: 'Ongeldig bestandstype', first: 'file' });
  });

  it('refuses a file over 50 MB', () => {
    const check = checkTrackForm(
      form({ file: fileOf('a.mp3', 'audio/mpeg', CLOUD_UPLOAD_MAX_BYTES + 1) }),
    );
    expect(check).toMatchObject({ ok: false, kind: 'Bestand te groot' });
    expect(check.ok || check.errors.file).toBe(
      'Bestand te groot: 50,0 MB, een track mag maximaal 50 MB zijn.',
    );
  });

  it('needs a file and a name, and says which field', () => {
    const check = checkTrackForm(form({ file: null, submittedBy: '  ' }));
    expect(check).toMatchObject({
      ok: false,
      kind: 'Incomplete informatie',
      first: 'file',
      errors: {
        file: 'Incomplete informatie: kies een audiobestand.',
        submittedBy: 'Incomplete informatie: vul je naam in.',
      },
    });
  });

  it('needs artist and title', () => {
    const check = checkTrackForm(form({ artist: '', title: '' }));
    expect(check).toMatchObject({
      ok: false,
      kind: 'Incomplete informatie',
      first: 'artist',
      errors: {
        artist: 'Incomplete informatie: vul de artiest in.',
        title: 'Incomplete informatie: vul de titel in.',
      },
    });
  });
});
