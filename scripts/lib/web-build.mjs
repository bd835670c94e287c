// Builds apps/web only when its inputs changed since the last build, so `npm start` is fast on a current build.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

export const repoRoot = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const webDir = join(repoRoot, 'apps/web');
const distDir = join(webDir, 'dist');
const stampFile = join(distDir, '.build-stamp');
const inputs = [
  join(webDir, 'src'),
  join(webDir, 'public'),
  join(webDir, 'index.html'),
  join(webDir, 'vite.config.ts'),
  join(webDir, 'package.json'),
  join(repoRoot, 'packages/contract/src'),
  join(repoRoot, 'package-lock.json'),
];

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    yield* files(join(path, entry.name));
  }
}

/** A hash over the names and contents of every input of the web build. */
export function webInputsHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input)) {
      hash.update(relative(repoRoot, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/** Runs `vite build` unless dist/ was built from exactly the current inputs. Returns true when it built. */
export function ensureWebBuild({ log = console.log } = {}) {
  const hash = webInputsHash();
  const current = existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === hash;
  if (current && existsSync(join(distDir, 'index.html'))) return false;
  log('Building the web app (apps/web)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app build failed (npm run build -w apps/web).');
  writeFileSync(stampFile, hash + '\n');
  return true;
}
