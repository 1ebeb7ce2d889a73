import { isBuiltInNowPlayingUrl, REQUEST_ONLY_PREFIX } from '@radio/station';

/** A source's tracks by media id: those starting with `prefix`, or (`startsWith: false`) not. */
export interface MediaIdFilter {
  prefix: string;
  startsWith: boolean;
}

/**
 * A part of a station's library that can vanish from a listing as a whole: a folder whose
 * volume is not mounted or was emptied, or an AzuraCast station answering an empty list.
 */
export interface LibraryGroup {
  name: 'rotation' | 'request-only' | 'library';
  mediaIds: MediaIdFilter;
}

/** The built-in station's media ids are library paths: a request-only one starts so. */
const requestOnlyPaths = `${REQUEST_ONLY_PREFIX}/`;

/** The built-in station's two folders; an AzuraCast station's library is one group. */
export function libraryGroupsOf(nowPlayingUrl: string): LibraryGroup[] {
  if (!isBuiltInNowPlayingUrl(nowPlayingUrl)) {
    return [{ name: 'library', mediaIds: { prefix: '', startsWith: true } }];
  }
  return [
    { name: 'rotation', mediaIds: { prefix: requestOnlyPaths, startsWith: false } },
    { name: 'request-only', mediaIds: { prefix: requestOnlyPaths, startsWith: true } },
  ];
}

export const isInFilter = (mediaId: string, filter: MediaIdFilter): boolean =>
  mediaId.startsWith(filter.prefix) === filter.startsWith;

/** The groups a listing (its media ids) has no track of at all. */
export function groupsListedEmpty(
  groups: readonly LibraryGroup[],
  listed: readonly string[],
): LibraryGroup[] {
  return groups.filter((group) => !listed.some((mediaId) => isInFilter(mediaId, group.mediaIds)));
}
