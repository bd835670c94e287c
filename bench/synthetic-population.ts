// A population `factor` times as large as a MATSim plans file (issue 31's scale run: 10 × berlin-medium, 160,000
// agents on the same network): each person is written `factor` times, the first copy as it is, the others with
// the id `<id>_<k>` and all activity end times shifted by one seeded offset of up to ±15 minutes, so the copies do
// not all leave in the same second. Routes, links and coordinates stay as they are, so the file runs on the same
// network. Seeded: every run writes the same file.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { streamPersons, writePopulation, type Person, type PopulationHeader } from '@corridor/matsim';
import { createRandom } from '../packages/engine/src/core/random.ts';

function copyOf(person: Person, k: number, offset: number): Person {
  const copy = structuredClone(person);
  copy.id = `${person.id}_${k}`;
  for (const plan of copy.plans) {
    for (const element of plan.elements) {
      if (element.kind === 'activity' && element.endTime !== undefined) element.endTime = Math.max(0, element.endTime + offset);
    }
  }
  return copy;
}

/** Writes `factor` copies of every person of `source` into the gzip plans file `target`; returns the persons written. */
export async function multiplyPopulation(source: string, target: string, factor: number, seed = 31): Promise<number> {
  const next = createRandom(seed);
  let header: PopulationHeader | undefined;
  let written = 0;
  async function* persons(): AsyncGenerator<Person> {
    for await (const person of streamPersons(source, { onHeader: (h) => (header = h) })) {
      yield person;
      for (let k = 1; k < factor; k++) yield copyOf(person, k, Math.round((next() * 2 - 1) * 900));
      written += factor;
    }
  }
  async function* text(): AsyncGenerator<string> {
    const people = persons();
    // The header is known once the first person is read.
    const first = await people.next();
    async function* all(): AsyncGenerator<Person> {
      if (!first.done) yield first.value;
      yield* people;
    }
    yield* writePopulation(all(), { header, version: header?.version === 'v4' ? 'v4' : 'v6' });
  }
  await pipeline(Readable.from(text()), createGzip({ level: 1 }), createWriteStream(target));
  return written;
}
