/**
 * `node --import tsx apps/server/src/cli/runner-bundle.ts OUT.tgz`: writes the runner download
 * (corridor-runner.tgz, the same bytes GET /api/v1/jobs/files/corridor-runner.tgz serves) to a file. The
 * Dockerfile's runner image unpacks it; an operator can hand it to machines that cannot reach the server's web port.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildRunnerBundle } from '../modules/runner-bundle/build.ts';
import { readBuildInfo } from '../modules/sysinfo/build-info.ts';

const out = process.argv[2];
if (!out || out.startsWith('-')) {
  console.error('usage: node --import tsx apps/server/src/cli/runner-bundle.ts OUT.tgz');
  process.exit(2);
}
const bundle = await buildRunnerBundle(readBuildInfo('').version);
await writeFile(path.resolve(out), bundle.bytes);
console.log(`${path.resolve(out)}: ${bundle.paths.length} files, ${bundle.bytes.length} bytes`);
