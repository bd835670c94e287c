/**
 * The link panel's form (spec 2 §2 "Network link panel"): the values it edits and the one `network/updateLink`
 * that carries only what changed (spec 2 §3 custom typed attributes; §5 integer has no decimals).
 */
import type { CustomAttribute, LinkChanges, LinkAttribute, NetworkLink } from '@corridor/contract';

export const NUMERIC_FIELDS = ['capacity', 'freespeed', 'lanes', 'length'] as const;
export type NumericField = (typeof NUMERIC_FIELDS)[number];
export type AttributeType = CustomAttribute['type'];
export const ATTRIBUTE_TYPES: readonly AttributeType[] = ['string', 'integer', 'decimal', 'bool'];

/** A number field's value: a number, or the text typed so far when it is not one ('' for empty, '-', …). */
export type NumberValue = number | string;

export interface LinkFormValues {
  capacity: NumberValue;
  freespeed: NumberValue;
  lanes: NumberValue;
  length: NumberValue;
  modes: string[];
  attributes: Record<string, CustomAttribute>;
}

/** Numbers are shown with at most 2 decimals (a new link's length is computed to many); the link keeps its own. */
export const shownNumber = (value: number) => Math.round(value * 100) / 100;

export function formValues(link: NetworkLink): LinkFormValues {
  return {
    capacity: shownNumber(link.capacity),
    freespeed: shownNumber(link.freespeed),
    lanes: shownNumber(link.lanes),
    length: shownNumber(link.length),
    modes: [...link.modes],
    attributes: { ...link.attributes },
  };
}

const sameModes = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((mode, i) => mode === b[i]);
const sameAttribute = (a: CustomAttribute | undefined, b: CustomAttribute | undefined) =>
  a?.type === b?.type && a?.value === b?.value;

/**
 * What the form changed against the link; empty when nothing changed. A field that is not a number keeps the old
 * value; a number is a change only when it differs from the value as shown (rounded), so committing a form never
 * rounds a length the user did not touch.
 */
export function linkChanges(link: NetworkLink, values: LinkFormValues): LinkChanges {
  const changes: LinkChanges = {};
  for (const field of NUMERIC_FIELDS) {
    const value = values[field];
    if (numberError(value) === undefined && Number(value) !== shownNumber(link[field])) changes[field] = Number(value);
  }
  if (!sameModes(link.modes, values.modes)) changes.modes = [...values.modes];
  const before = link.attributes ?? {};
  const attributes: Record<string, CustomAttribute | null> = {};
  for (const name of Object.keys(before)) if (!(name in values.attributes)) attributes[name] = null;
  for (const [name, value] of Object.entries(values.attributes)) {
    if (!sameAttribute(before[name], value)) attributes[name] = value;
  }
  if (Object.keys(attributes).length > 0) changes.attributes = attributes;
  return changes;
}

export const hasChanges = (changes: LinkChanges) => Object.keys(changes).length > 0;

export type FieldError = 'required' | 'negative';

/** Why a number typed into the form cannot be stored (MATSim's link values are non-negative numbers). */
export function numberError(value: NumberValue): FieldError | undefined {
  if (value === '' || (typeof value === 'string' && value.trim() === '')) return 'required';
  const number = Number(value);
  if (!Number.isFinite(number)) return 'required';
  return number < 0 ? 'negative' : undefined;
}

/** The form's invalid numeric fields; a form with any commits nothing (the fields keep their error). */
export function formErrors(values: LinkFormValues): Partial<Record<NumericField, FieldError>> {
  const errors: Partial<Record<NumericField, FieldError>> = {};
  for (const field of NUMERIC_FIELDS) {
    const error = numberError(values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** A typed value for a form input: integers drop decimals (spec 2 §5), numbers fall back to 0, bools to false. */
export function attributeValue(type: AttributeType, input: unknown): CustomAttribute {
  switch (type) {
    case 'string':
      return { type, value: input == null ? '' : String(input) };
    case 'integer':
      return { type, value: Math.trunc(Number(input) || 0) };
    case 'decimal':
      return { type, value: Number(input) || 0 };
    case 'bool':
      return { type, value: input === true || input === 'true' };
  }
}

/** The server's attribute kinds mapped onto the custom types. */
const FROM_SERVER: Record<LinkAttribute['type'], AttributeType> = { numeric: 'integer', decimal: 'decimal', categorical: 'string' };
const STANDARD = new Set<string>(['id', 'fromId', 'toId', 'modes', ...NUMERIC_FIELDS]);

/**
 * Known custom attribute names with their type: `before` (what is known already), the server's list for this
 * network, then names seen on the links (their stored type wins, it is what an edit writes back).
 */
export function knownAttributes(serverList: readonly LinkAttribute[], links: Iterable<NetworkLink>, before?: ReadonlyMap<string, AttributeType>): Map<string, AttributeType> {
  const known = new Map<string, AttributeType>(before);
  for (const attribute of serverList) if (!STANDARD.has(attribute.name)) known.set(attribute.name, FROM_SERVER[attribute.type]);
  for (const link of links) {
    for (const [name, attribute] of Object.entries(link.attributes ?? {})) known.set(name, attribute.type);
  }
  return known;
}
