import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Bytes, well under the 255 of most file systems (with room for " (2).mp3"). */
const MAX_NAME_BYTES = 200;

/**
 * `Artist - Title` as a safe file name: one path segment (no separators, no `..`), no control
 * or reserved characters, not hidden, bounded.
 */
export function libraryBaseName(artist: string, title: string, fallback: string): string {
  const clean = (value: string): string =>
    value
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/[/\\:*?"<>|]/g, '-')
      .replace(/\s+/g, ' ')
      .trim();
  const parts = [clean(artist), clean(title)].filter((part) => part !== '');
  let name = parts.join(' - ').replace(/^[.\s-]+/, '');
  if (name === '') name = clean(fallback);
  while (Buffer.byteLength(name) > MAX_NAME_BYTES) name = name.slice(0, -1);
  return name.replace(/[.\s]+$/, '');
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function sameContent(a: string, b: string): Promise<boolean> {
  const [statA, statB] = await Promise.all([stat(a), stat(b)]);
  if (statA.size !== statB.size) return false;
  return (await sha256(a)) === (await sha256(b));
}

/**
 * Puts `source` into `dir` as `<baseName>.mp3`, never over a different file: a name that is
 * taken by other content gets " (2)", " (3)"…; the same content already there is reused.
 * Written under a hidden name first and linked into place, so the station never reads half a file.
 * Returns the full path.
 */
export async function placeInLibrary(
  source: string,
  dir: string,
  baseName: string,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const partial = path.join(dir, `.${process.pid}-${Date.now()}.part`);
  await copyFile(source, partial);
  try {
    for (let n = 1; n <= 50; n += 1) {
      const target = path.join(dir, `${baseName}${n === 1 ? '' : ` (${n})`}.mp3`);
      try {
        await link(partial, target);
        return target;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (await sameContent(partial, target)) return target;
      }
    }
    throw new Error(`no free file name for ${baseName}.mp3 in the request library`);
  } finally {
    await unlink(partial).catch(() => {});
  }
}
