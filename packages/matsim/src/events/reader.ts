/**
 * Streaming events reader. The file is parsed chunk by chunk (~64 KiB of text, some 500 events) and never held
 * whole, so memory stays flat for multi-GB outputs. Three forms, fastest first:
 * - `forEachEvent(input, fn)` calls `fn` straight from the parser;
 * - `readEventBatches(input)` yields one array per chunk (one `await` per ~500 events);
 * - `readEvents(input)` yields event by event (one `await` per event: convenient, measurably slower).
 * The attribute maps come from `readEventAttributes` (source.ts): a fast scanner for the shape MATSim writes, saxes
 * for anything else.
 */
import type { Input } from '../io/input.ts';
import type { XmlAttributes } from '../xml/sax.ts';
import { eventBuilder } from './build.ts';
import type { EventOfType, MatsimEvent } from './model.ts';
import { readEventAttributes, type EventSourceOptions } from './source.ts';

export interface ReadEventsOptions<K extends string = string> extends EventSourceOptions {
  /** Only these event types are built and handed out; the others are skipped without building an object. */
  types?: Iterable<K>;
}

/** Calls `fn` for each event, in file order. Resolves when the file is read; rejects with a MatsimFormatError. */
export async function forEachEvent<const K extends string = string>(
  input: Input,
  fn: (event: EventOfType<K>) => void,
  options: ReadEventsOptions<K> = {},
): Promise<void> {
  const emit = fn as (event: MatsimEvent) => void;
  const build = eventBuilder(options.types);
  const onEvent = (attributes: XmlAttributes) => {
    const event = build(attributes);
    if (event !== undefined) emit(event);
  };
  for await (const _ of readEventAttributes(input, onEvent, options));
}

/** The events in file order, one array per parsed chunk (arrays are never reused, so they may be kept). */
export async function* readEventBatches<const K extends string = string>(
  input: Input,
  options: ReadEventsOptions<K> = {},
): AsyncGenerator<EventOfType<K>[]> {
  let batch: MatsimEvent[] = [];
  const build = eventBuilder(options.types);
  const onEvent = (attributes: XmlAttributes) => {
    const event = build(attributes);
    if (event !== undefined) batch.push(event);
  };
  for await (const _ of readEventAttributes(input, onEvent, options)) {
    if (batch.length > 0) {
      yield batch as EventOfType<K>[];
      batch = [];
    }
  }
}

/** The events in file order, one at a time. */
export async function* readEvents<const K extends string = string>(
  input: Input,
  options: ReadEventsOptions<K> = {},
): AsyncGenerator<EventOfType<K>> {
  for await (const batch of readEventBatches(input, options)) yield* batch;
}

/** Counts events (optionally of some types only) without building them. */
export async function countEvents(input: Input, options: ReadEventsOptions = {}): Promise<number> {
  const wanted = options.types === undefined ? undefined : new Set<string>(options.types);
  let count = 0;
  const onEvent = (attributes: XmlAttributes) => {
    if (wanted === undefined || wanted.has(attributes.type!)) count++;
  };
  for await (const _ of readEventAttributes(input, onEvent, options));
  return count;
}
