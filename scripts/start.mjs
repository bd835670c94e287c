// `npm start`: build the web app if it is stale, then run the server with embedded defaults
// (PGlite, local files under DATA_DIR, embedded runner). PORT and DATA_DIR come from the environment.
// CORRIDOR_WEB_BUILD=skip starts the server with whatever build there is (the API alone without one).
//
// Signals: package.json's script is `exec node scripts/start.mjs`, so the shell npm starts is replaced by this
// process and the SIGTERM/SIGINT npm forwards reaches it; it passes them to the server, which shuts down gracefully,
// and exits with the server (issue 26: without `exec` the shell died and left this process and the server running).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureWebBuild, repoRoot } from './lib/web-build.mjs';

if (process.env.CORRIDOR_WEB_BUILD !== 'skip') ensureWebBuild();

const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
