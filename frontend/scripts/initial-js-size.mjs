// The JavaScript `/` loads before any interaction, gzip -9: every script and modulepreload of
// dist/index.html, plus the home page's chunk and what it imports. Fails above the budget
// (issue 6: under 120 KB). Run after `vite build`: `pnpm --filter @radio/frontend run size`.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
const assets = join(import.meta.dirname, '..', 'dist', 'assets');
const html = readFileSync(join(assets, '..', 'index.html'), 'utf8');
const read = (file) => readFileSync(join(assets, file));
const staticImports = (file) =>
  [
    ...read(file)
      .toString()
      .matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g),
  ].map((m) => m[1]);

const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const homePage = readdirSync(assets).find((file) => /^home-page-.*\.js$/.test(file));
if (!homePage) throw new Error('no home-page chunk in dist/assets');
const seen = new Set(initial);
const home = [];
for (const stack = [homePage]; stack.length > 0;) {
  const file = stack.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  home.push(file);
  stack.push(...staticImports(file));
}

let total = 0;
for (const [kind, files] of [
  ['index.html', initial],
  ['home', home],
]) {
  for (const file of files) {
    const kb = gzipSync(read(file), { level: 9 }).length / 1024;
    total += kb;
    console.log(`${kind.padEnd(10)} ${file.padEnd(44)} ${kb.toFixed(2).padStart(7)} KB`);
  }
}
console.log(`initial JS on /: ${total.toFixed(2)} KB gzip (budget ${BUDGET_KB} KB)`);
if (total >= BUDGET_KB) process.exit(1);
