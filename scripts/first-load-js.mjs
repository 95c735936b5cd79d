// The home page's first-load JavaScript: the entry chunk of index.html plus every chunk it imports statically,
// transitively, as Vite's build manifest lists them (dynamic imports — lazy screens, popups — are not counted:
// bench/home-js.ts measures what home loads before idle, lazy chunks included, the count Lighthouse makes).
// Measured as gzip at level 9, the .gz the server sends. Run after a build: node scripts/first-load-js.mjs
// (97.7 KiB on 2026-11-24, after issue 20's cuts; 102.4 KiB before them).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The budget of the home page's first load: first-load JavaScript of the home page, gzip, in KiB (1,024 bytes).
 * 120 until issue 33, then 100 (98.7 then, 42.1 once React became Preact's compatibility layer): features to come (the bet builder, promotions) load with their own
 * screens, not with the entry every page pays for.
 */
export const FIRST_LOAD_BUDGET_KIB = 100;

/** Files of the chunks index.html loads before anything runs: its entry and the entry's static imports. */
export function firstLoadFiles(manifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('no index.html entry in the manifest');
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest names ${key} but has no chunk for it`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return [...seen].map((key) => manifest[key].file).filter((file) => /\.m?js$/.test(file));
}

/** Gzip size (level 9) of each first-load file of a build folder, and their total, in bytes. */
export function firstLoadJs(distDir) {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} not found: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const files = firstLoadFiles(manifest).map((file) => {
    const bytes = readFileSync(path.join(distDir, file));
    return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ?? 'apps/web/dist';
  const { files, gzip } = firstLoadJs(dist);
  for (const f of files)
    console.log(`${f.file.padEnd(44)} ${String(f.bytes).padStart(8)} B  gzip ${f.gzip} B`);
  console.log(
    `home first-load JavaScript: ${(gzip / 1024).toFixed(1)} KiB gzip (budget ${FIRST_LOAD_BUDGET_KIB} KiB)`,
  );
  process.exit(gzip / 1024 > FIRST_LOAD_BUDGET_KIB ? 1 : 0);
}
