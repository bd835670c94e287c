/**
 * Typed reads of XML attribute values for SAX readers. Each throws a MatsimFormatError (`invalid-value`) naming
 * the element and attribute, so a bad file says where it is bad; `readXml` adds the line and column.
 */
import { MatsimFormatError } from '../errors.ts';
import { parseMatsimNumber } from './numbers.ts';
import { parseTime } from './time.ts';

type Attrs = Readonly<Record<string, string>>;

function invalid(element: string, name: string, text: string, what: string): MatsimFormatError {
  return new MatsimFormatError('invalid-value', `<${element}> ${name}="${text}" is not ${what}.`);
}

/** The attribute's text; throws when it is missing. */
export function requiredText(attrs: Attrs, name: string, element: string): string {
  const value = attrs[name];
  if (value === undefined) throw new MatsimFormatError('invalid-value', `<${element}> lacks the required attribute ${name}.`);
  return value;
}

/** A number as MATSim writes it (`INF`, `NaN` included); junk throws. */
export function toNumber(text: string, name: string, element: string): number {
  const value = parseMatsimNumber(text);
  if (Number.isNaN(value) && text.trim() !== 'NaN') throw invalid(element, name, text, 'a number');
  return value;
}

export function requiredNumber(attrs: Attrs, name: string, element: string): number {
  return toNumber(requiredText(attrs, name, element), name, element);
}

export function optionalNumber(attrs: Attrs, name: string, element: string): number | undefined {
  const text = attrs[name];
  return text === undefined ? undefined : toNumber(text, name, element);
}

/** An integer (counts, capacities); a fractional or non-numeric value throws. */
export function toInteger(text: string, name: string, element: string): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(value)) throw invalid(element, name, text, 'an integer');
  return value;
}

export function optionalInteger(attrs: Attrs, name: string, element: string): number | undefined {
  const text = attrs[name];
  return text === undefined ? undefined : toInteger(text, name, element);
}

/** `true` / `false` (any case, as Java's `Boolean.parseBoolean` reads `true`); anything else throws. */
export function optionalBoolean(attrs: Attrs, name: string, element: string): boolean | undefined {
  const text = attrs[name];
  if (text === undefined) return undefined;
  const lower = text.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw invalid(element, name, text, 'true or false');
}

/** A MATSim time (`HH:MM:SS`, `HH:MM` or seconds) in seconds; `undefined`/empty give undefined. */
export function optionalTime(attrs: Attrs, name: string, element: string): number | undefined {
  const text = attrs[name];
  const value = parseTime(text);
  if (value !== undefined && Number.isNaN(value)) throw invalid(element, name, text ?? '', 'a time');
  return value;
}

export function requiredTime(attrs: Attrs, name: string, element: string): number {
  const value = optionalTime(attrs, name, element);
  if (value === undefined) throw invalid(element, name, attrs[name] ?? '', 'a time');
  return value;
}

/** Throws when an id is seen twice in a map that MATSim keys by id. */
export function putUnique<V>(map: Map<string, V>, id: string, value: V, what: string): void {
  if (map.has(id)) throw new MatsimFormatError('invalid-value', `Duplicate ${what} id "${id}".`);
  map.set(id, value);
}

/** Leaves optional properties absent rather than present-but-undefined, so models compare equal after a round trip. */
export function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}
