// `npm run bench [-- name…]`: runs each benchmark in its own Node process (so memory figures are its own) and
// prints their tables. Names are the files beside this one without `.ts`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES = ['first-page', 'server-startup', 'matsim-events', 'matsim-network', 'network-query', 'editor', 'editor-core', 'editor-transit', 'editor-drt', 'engine-berlin', 'run-overhead', 'sandbox-overhead', 'bomb-health', 'tables', 'dashboard', 'trajectories', 'visualizer', 'visualizer-fps', 'run-import', 'storage-s3', 'slurm-latency', 'scheduler'];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !BENCHES.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHES.join(', ')}.`);
  process.exit(2);
}

let failed = false;
for (const name of wanted.length ? wanted : BENCHES) {
  console.log(`\n## ${name}`);
  const file = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', file], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
