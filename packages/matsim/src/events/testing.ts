/**
 * Test support for the events fast path: read a document with one parser and reduce what came out — every event,
 * the batch sizes, the error — to plain strings and numbers, so the fast path and saxes can be compared exactly.
 */
import { MatsimFormatError } from '../errors.ts';
import { readEventBatches } from './reader.ts';
import type { MatsimEvent } from './model.ts';
import { random } from '../../test/random.ts';

export interface ReadOutcome {
  /** Each event as canonical text: every field, numbers exactly (NaN, -0 included), attributes in file order. */
  events: string[];
  /** Events per batch (one batch per decompressed chunk that completed any). */
  batches: number[];
  error?: { code: string; message: string; line?: number; column?: number };
}

/** `bytes` as a stream of chunks of 1..`maxSize` bytes, cut where `seed` says. */
export async function* chunked(bytes: Uint8Array, seed: number, maxSize: number): AsyncGenerator<Uint8Array> {
  const next = random(seed);
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + Math.floor(next() * maxSize);
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

export function canonicalEvent(event: MatsimEvent): string {
  return JSON.stringify(event, (key, value: unknown) => {
    if (typeof value === 'number') return Object.is(value, -0) ? '-0' : `#${value}`;
    // Attribute maps have no prototype of their own to show; their entries, in order, are what counts.
    if (key === 'attributes' && value !== null && typeof value === 'object') return Object.entries(value);
    return value;
  });
}

/** Reads `input()` with the given parser; a MatsimFormatError becomes part of the outcome, anything else throws. */
export async function readWith(
  input: () => Parameters<typeof readEventBatches>[0],
  parser: 'fast' | 'saxes',
  types?: string[],
): Promise<ReadOutcome> {
  const outcome: ReadOutcome = { events: [], batches: [] };
  try {
    for await (const batch of readEventBatches(input(), { parser, types })) {
      outcome.batches.push(batch.length);
      for (const event of batch) outcome.events.push(canonicalEvent(event));
    }
  } catch (error) {
    if (!(error instanceof MatsimFormatError)) throw error;
    outcome.error = { code: error.code, message: error.message, line: error.line, column: error.column };
  }
  return outcome;
}
