// The signed-in first page's JavaScript (issue 12): what index.html loads plus what the home route loads (its
// lazily loaded page and the active language's catalogue), per chunk and in all, gzip-compressed (level 9). Reads
// the chunk graph from apps/web/dist/.vite/manifest.json, building the web app first when there is none (or with
// BENCH_BUILD=1). Fails above the budget.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
/** The entry and the modules the signed-in home page loads lazily (manifest keys: paths under apps/web). */
const FIRST_PAGE = ['index.html', 'src/features/home/HomePage.tsx', 'src/i18n/en.json'];

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'apps/web/dist');
const manifestFile = join(dist, '.vite/manifest.json');

if (process.env.BENCH_BUILD === '1' || !existsSync(manifestFile)) {
  const build = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

/** The chunks a module needs before it runs: itself and its static imports, transitively. */
function staticClosure(keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the web app's manifest: is the build current?`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const kb = (bytes: number) => bytes / 1000;
const rows = [...staticClosure(FIRST_PAGE)]
  .map((file) => {
    const code = readFileSync(join(dist, file));
    return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);

console.log(`| chunk | raw KB | gzip KB |\n|---|---:|---:|`);
for (const row of rows) console.log(`| ${row.file} | ${kb(row.raw).toFixed(1)} | ${kb(row.gzip).toFixed(1)} |`);
console.log(`| **total (${rows.length} chunks)** | ${kb(rows.reduce((sum, row) => sum + row.raw, 0)).toFixed(1)} | **${kb(total).toFixed(1)}** |`);
const within = kb(total) < BUDGET_KB;
console.log(`\nfirst page (signed in, home): ${kb(total).toFixed(1)} KB gzip, budget ${BUDGET_KB} KB: ${within ? 'within' : 'OVER'}`);
if (!within) process.exit(1);
