// `npm start`: build the web app if it is stale, then run the server with embedded defaults
// (PGlite, local files under DATA_DIR, embedded runner). PORT and DATA_DIR come from the environment.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureWebBuild, repoRoot } from './lib/web-build.mjs';

ensureWebBuild();

const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
