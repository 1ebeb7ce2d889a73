import { describe, expect, it } from 'vitest';
import { builtInNowPlayingUrl } from '@radio/station';
import { groupsListedEmpty, libraryGroupsOf } from '../../src/library/library-groups.ts';

const builtIn = libraryGroupsOf(builtInNowPlayingUrl('http://requests:3000'));
const azuraCast = libraryGroupsOf('https://radio.example.nl/api/nowplaying/1');

const keptBy = (groups: typeof builtIn, listed: string[]) =>
  groupsListedEmpty(groups, listed).map((group) => group.name);

describe('the groups a scan keeps (listed without any track)', () => {
  it('keeps both folders of the built-in station when the listing is empty', () => {
    expect(keptBy(builtIn, [])).toEqual(['rotation', 'request-only']);
  });

  it('keeps the request-only songs when only rotation tracks are listed', () => {
    expect(keptBy(builtIn, ['Femke de Wit - Tegenwind.mp3'])).toEqual(['request-only']);
  });

  it('keeps the rotation when only request-only songs are listed', () => {
    expect(keptBy(builtIn, ['verzoek/Zeeland Zingt - Zomeravond aan Zee.mp3'])).toEqual([
      'rotation',
    ]);
  });

  it('keeps nothing when both folders list a track', () => {
    expect(
      keptBy(builtIn, ['Zomer/Tegenwind.mp3', 'verzoek/Zeeland Zingt - Zomeravond aan Zee.mp3']),
    ).toEqual([]);
  });

  it("reads a rotation folder named like the prefix (no slash) as the rotation's", () => {
    expect(keptBy(builtIn, ['verzoekjes/Iets.mp3'])).toEqual(['request-only']);
  });

  it('keeps an AzuraCast library, one group, only when its listing is empty', () => {
    expect(keptBy(azuraCast, [])).toEqual(['library']);
    expect(keptBy(azuraCast, ['48826d41ebe3d6bb03653f26'])).toEqual([]);
  });
});
