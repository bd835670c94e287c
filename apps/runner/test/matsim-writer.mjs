// A stand-in for a MATSim run started outside Corridor (watch.test.ts): writes a real run's output folder over time.
// Usage: node matsim-writer.mjs <real output dir> <new output dir> <ms per iteration> [hang-after-iteration]
// logfile.log grows iteration by iteration with the real run's lines; after each iteration scorestats.csv and
// modestats.csv are rewritten with the rows so far (as MATSim does) and the iteration's ITERS/it.N folder appears;
// the final output_* files come before the shutdown lines. With hang-after-iteration it stops writing there and
// waits (the test kills it, as a crashed JVM).
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const [source, target, perIteration, hangAfter] = process.argv.slice(2);
const hang = hangAfter === undefined ? undefined : Number(hangAfter);
mkdirSync(path.join(target, 'ITERS'), { recursive: true });

const lines = readFileSync(path.join(source, 'logfile.log'), 'utf8').replace(/\n$/, '').split('\n');
const starts = lines.flatMap((line, i) => (/ITERATION \d+ BEGINS/.test(line) ? [i] : []));
const shutdown = lines.findIndex((line) => line.includes('S H U T D O W N   ---   start shutdown'));
const table = (name) => readFileSync(path.join(source, name), 'utf8').trimEnd().split('\n');
const scores = table('scorestats.csv');
const modes = table('modestats.csv');
const log = (from, to) => appendFileSync(path.join(target, 'logfile.log'), lines.slice(from, to).map((l) => `${l}\n`).join(''));

log(0, starts[0]);
for (let iteration = 0; iteration < starts.length; iteration++) {
  log(starts[iteration], iteration + 1 < starts.length ? starts[iteration + 1] : shutdown);
  writeFileSync(path.join(target, 'scorestats.csv'), `${scores.slice(0, iteration + 2).join('\n')}\n`);
  writeFileSync(path.join(target, 'modestats.csv'), `${modes.slice(0, iteration + 2).join('\n')}\n`);
  cpSync(path.join(source, 'ITERS', `it.${iteration}`), path.join(target, 'ITERS', `it.${iteration}`), { recursive: true });
  if (iteration === hang) {
    console.log(`hanging after iteration ${iteration}`);
    await sleep(3_600_000);
  }
  await sleep(Number(perIteration));
}
for (const name of readdirSync(source)) if (name.startsWith('output_')) cpSync(path.join(source, name), path.join(target, name));
log(shutdown, lines.length);
console.log('done');
