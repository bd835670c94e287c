/**
 * Population readers. `streamPersons` yields one person at a time and parses only as fast as they are
 * consumed, so a multi-GB plans file needs about one person's worth of memory; `readPopulation` keeps them all.
 */
import { putUnique } from '../common/values.ts';
import type { Input } from '../io/input.ts';
import { readXml, readXmlChunks, type ReadXmlOptions } from '../xml/sax.ts';
import type { Person, Population, PopulationHeader } from './model.ts';
import { populationHandler } from './parser.ts';

export interface StreamPersonsOptions extends ReadXmlOptions {
  /** Called once before the first person is yielded (or at the end of a file without persons). */
  onHeader?(header: PopulationHeader): void;
}

/** Yields persons in file order; leaving the loop early stops reading. Rejects with a MatsimFormatError. */
export async function* streamPersons(input: Input, options: StreamPersonsOptions = {}): AsyncGenerator<Person, void, undefined> {
  const { onHeader, ...xmlOptions } = options;
  let batch: Person[] = [];
  const handler = populationHandler({ onHeader, onPerson: (person) => batch.push(person) });
  // The parser pauses after each chunk until the persons it completed have been taken.
  for await (const _ of readXmlChunks(sliced(input), handler, xmlOptions)) {
    const ready = batch;
    batch = [];
    yield* ready;
  }
}

const SLICE = 1 << 16;

/** Bytes already in memory are fed in slices, so a big buffer is not parsed into persons all at once. */
function sliced(input: Input): Input {
  if (!(input instanceof Uint8Array) || input.length <= SLICE) return input;
  return (async function* () {
    for (let offset = 0; offset < input.length; offset += SLICE) yield input.subarray(offset, offset + SLICE);
  })();
}

/** Reads a whole population into memory. A person id seen twice is an error, as in MATSim. */
export async function readPopulation(input: Input, options?: ReadXmlOptions): Promise<Population> {
  let header: PopulationHeader = { version: 'v6' };
  const persons = new Map<string, Person>();
  const handler = populationHandler({
    onHeader: (read) => {
      header = read;
    },
    onPerson: (person) => putUnique(persons, person.id, person, 'person'),
  });
  await readXml(input, handler, options);
  return { ...header, persons };
}
