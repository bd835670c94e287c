// The job of `sparse-stats.ts` (issue 23): writes output/scorestats.csv in its job folder as a hostile job did — a
// few real rows, then the file grown to 1.5 GB by ftruncate (a sparse file: no blocks on disk) with a row written at
// its new end each second — then waits and exits 0. Arguments are ignored ($CONFIG).
import { closeSync, ftruncateSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const STEPS = 15;
const TOTAL = 1500 * 1024 * 1024;
mkdirSync('output', { recursive: true });
const fd = openSync('output/scorestats.csv', 'w');
writeSync(fd, 'iteration;avg_executed;avg_worst;avg_average;avg_best\n0;1.0;0.5;0.8;1.2\n');
await sleep(3000);
for (let step = 1; step <= STEPS; step++) {
  const size = Math.floor((TOTAL * step) / STEPS);
  ftruncateSync(fd, size);
  writeSync(fd, `${step};1.0;0.5;0.8;1.2\n`, size);
  console.log(`scorestats.csv: ${(size / 1024 ** 2).toFixed(0)} MiB`);
  await sleep(1000);
}
closeSync(fd);
await sleep(6000);
console.log('done');
