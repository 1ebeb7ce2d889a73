// Writes a gzip -9 twin (file.gz) beside every script, style sheet and SVG of the build, which
// the gateway serves as is (nginx gzip_static): smaller than its on-the-fly level 5, and no
// compression work per request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const assets = join(import.meta.dirname, '..', 'dist', 'assets');
for (const file of readdirSync(assets)) {
  if (!/\.(js|css|svg)$/.test(file)) continue;
  const path = join(assets, file);
  writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: 9 }));
}
