/**
 * Events in MATSim's own layout (`EventWriterXML` + `Event.writeXMLStart`): a file written here from events read
 * from a MATSim file is byte for byte that file. Each line is `\t<event time="…" type="…" … />` with every
 * attribute followed by a space: time and type, then (for the core types) person, facility, link, x, y and
 * vehicle where the type has them, then the rest.
 */
import { formatJavaDouble } from '../common/numbers.ts';
import { parseEventNumber } from './build.ts';
import { escapeXml, type TextChunks } from '../xml/writer.ts';
import { EVENT_FIELDS, type EventAttributes, type MatsimEvent } from './model.ts';

export const EVENTS_HEADER = '<?xml version="1.0" encoding="utf-8"?>\n<events version="1.0">\n';
/** MATSim ends the file without a newline. */
export const EVENTS_FOOTER = '</events>';

const CHUNK = 1 << 16;

/** Java's `StringBuilder.append(double)`. */
function javaDouble(value: number): string {
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  return formatJavaDouble(value);
}

/** The text as read while it still means `value` (so `1.50` stays `1.50`), else Java's rendering of `value`. */
function numberText(value: number, original: string | undefined): string {
  if (original !== undefined) {
    const parsed = parseEventNumber(original);
    if (parsed === value || (parsed !== parsed && value !== value)) return escapeXml(original);
  }
  return javaDouble(value);
}

type Kind = 'string' | 'number';

/** Each known type's fields in MATSim's order, and their kinds by name. */
const FIELDS = new Map(
  Object.entries(EVENT_FIELDS).map(([type, fields]) => [
    type,
    { order: fields.map(([name, kind]) => [name, kind] as const), kinds: new Map<string, Kind>(fields.map(([name, kind]) => [name, kind])) },
  ]),
);

/** One field's text: the typed value when set, else the text as read. */
function fieldText(typed: Record<string, unknown>, name: string, kind: Kind, attributes: EventAttributes | undefined): string | undefined {
  const value = typed[name];
  const original = attributes === undefined ? undefined : attributes[name];
  if (value === undefined || value === null) return original === undefined ? undefined : escapeXml(original);
  return kind === 'number' ? numberText(value as number, original) : escapeXml(String(value));
}

/**
 * One `\t<event … />\n` line. A known type writes its fields in MATSim's order (typed values win over the text as
 * read), then any further attributes it was read with; a generic event writes its attributes in their own order,
 * which for a file written by MATSim is MATSim's order.
 */
export function formatEvent(event: MatsimEvent): string {
  const attributes = event.attributes;
  let line = `\t<event time="${numberText(event.time, attributes?.time)}" type="${escapeXml(event.type)}" `;
  const fields = FIELDS.get(event.type);
  if (fields !== undefined) {
    const typed = event as unknown as Record<string, unknown>;
    for (const [name, kind] of fields.order) {
      const text = fieldText(typed, name, kind, attributes);
      if (text !== undefined) line += `${name}="${text}" `;
    }
  }
  if (attributes !== undefined) {
    for (const name in attributes) {
      if (name === 'time' || name === 'type' || fields?.kinds.has(name)) continue;
      line += `${name}="${escapeXml(attributes[name]!)}" `;
    }
  }
  return `${line} />\n`;
}

type EventSource = MatsimEvent | readonly MatsimEvent[];

/**
 * A whole events file as text chunks of ~64 KiB. Accepts events or batches of events (so the batches of
 * `readEventBatches` can be passed straight through); a synchronous source gives a synchronous generator.
 */
export function writeEvents(events: Iterable<EventSource>): Generator<string>;
export function writeEvents(events: AsyncIterable<EventSource> | Iterable<EventSource>): TextChunks;
export function writeEvents(events: AsyncIterable<EventSource> | Iterable<EventSource>): TextChunks {
  return Symbol.asyncIterator in events ? writeAsync(events) : writeSync(events);
}

function* writeSync(events: Iterable<EventSource>): Generator<string> {
  let out = EVENTS_HEADER;
  for (const item of events) {
    if (isBatch(item)) for (const event of item) out += formatEvent(event);
    else out += formatEvent(item);
    if (out.length >= CHUNK) {
      yield out;
      out = '';
    }
  }
  yield out + EVENTS_FOOTER;
}

async function* writeAsync(events: AsyncIterable<EventSource>): AsyncGenerator<string> {
  let out = EVENTS_HEADER;
  for await (const item of events) {
    if (isBatch(item)) for (const event of item) out += formatEvent(event);
    else out += formatEvent(item);
    if (out.length >= CHUNK) {
      yield out;
      out = '';
    }
  }
  yield out + EVENTS_FOOTER;
}

function isBatch(item: EventSource): item is readonly MatsimEvent[] {
  return Array.isArray(item);
}
