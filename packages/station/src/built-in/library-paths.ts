import path from 'node:path';

/**
 * The built-in station names its tracks by library path, never by server path: a rotation file
 * (LIBRARY_DIR) by its path in that folder, a request-only file (REQUEST_LIBRARY_DIR) by
 * `verzoek/` and its path there, like AzuraCast's paths relative to its media folder. A rotation
 * folder named `verzoek` at the top would be ambiguous: its files are not listed for requests
 * (Liquidsoap's own rotation still plays them).
 */
export const REQUEST_ONLY_PREFIX = 'verzoek';

export interface BuiltInLibraryFolders {
  /** LIBRARY_DIR. */
  rotation?: string | undefined;
  /** REQUEST_LIBRARY_DIR. */
  requestOnly?: string | undefined;
}

/**
 * A relative path that stays inside its folder: `/`-separated segments, none empty, `.` or `..`,
 * no backslash and no control characters.
 */
export function isLibraryPath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (value === '' || /[\u0000-\u001f\u007f\\]/.test(value)) return false;
  return value.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The library path of a file given by its path in its folder (`/`-separated). */
export function builtInLibraryPath(pathInFolder: string, requestOnly: boolean): string {
  return requestOnly ? `${REQUEST_ONLY_PREFIX}/${pathInFolder}` : pathInFolder;
}

/** A rotation file whose path would read as a request-only one. */
export function isAmbiguousRotationPath(pathInFolder: string): boolean {
  return pathInFolder.startsWith(`${REQUEST_ONLY_PREFIX}/`);
}

/**
 * The absolute file of a library path, or null when it names none: not a library path, or its
 * folder is not configured.
 */
export function builtInLibraryFile(
  libraryPath: string,
  folders: BuiltInLibraryFolders,
): string | null {
  if (!isLibraryPath(libraryPath)) return null;
  const requestOnly = libraryPath.startsWith(`${REQUEST_ONLY_PREFIX}/`);
  const folder = requestOnly ? folders.requestOnly : folders.rotation;
  if (!folder) return null;
  const inFolder = requestOnly ? libraryPath.slice(REQUEST_ONLY_PREFIX.length + 1) : libraryPath;
  return path.join(path.resolve(folder), inFolder);
}
