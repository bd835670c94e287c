/**
 * The DOCTYPE check of the XML layer (Node-free). MATSim's own DOCTYPEs carry only a SYSTEM id; some hand-written
 * configs (tutorials, contrib tests) add an internal subset that declares entities to share paths:
 *
 *   <!DOCTYPE config SYSTEM "http://www.matsim.org/files/dtd/config_v2.dtd" [ <!ENTITY INPUTBASE "../inputs/"> ]>
 *
 * Those are read: internal general entities with plain string values, expanded within the bounds below. Anything
 * else in an internal subset — external entities (SYSTEM/PUBLIC), parameter entities, element or attribute
 * declarations, markup in a value, a value or a nesting past the bounds — is refused (`forbidden-doctype`), so
 * nothing is ever fetched and no expansion ("billion laughs") can grow past the bounds.
 */

/** Entities one DOCTYPE may declare at most. */
export const MAX_ENTITIES = 64;
/** Characters of one entity's value at most, as written and once expanded. */
export const MAX_ENTITY_LENGTH = 4096;
/** How deep entity values may refer to other entities: `&a;` in b's value is depth 1, `&b;` in c's value depth 2. */
export const MAX_ENTITY_DEPTH = 2;
/** Characters that all entity references of a document may expand to together. */
export const MAX_ENTITY_EXPANSION = 2 ** 20;

/** What a DOCTYPE says: its text without the internal subset, and the entities it declares (name → expanded value). */
export interface Doctype {
  /** The DOCTYPE text as saxes reports it, minus the internal subset (`config SYSTEM "…/config_v2.dtd"`). */
  external: string;
  entities: Map<string, string>;
}

/** Why a DOCTYPE is not read; the feed turns it into a `forbidden-doctype` error. */
export class RefusedDoctype extends Error {}

const NAME = /[A-Za-z_:][\w.:-]*/y;
const SPACE = /\s*/y;

/** Parses the text saxes reports for `<!DOCTYPE …>` (everything between `DOCTYPE` and `>`). */
export function parseDoctype(text: string): Doctype {
  const open = internalSubsetStart(text);
  if (open < 0) return { external: text, entities: new Map() };
  const close = text.lastIndexOf(']');
  if (close < open || text.slice(close + 1).trim() !== '') throw new RefusedDoctype('The DOCTYPE is not well-formed');
  const declared = readDeclarations(text.slice(open + 1, close));
  return { external: text.slice(0, open).trimEnd(), entities: expandAll(declared) };
}

/** Where `[` opens the internal subset (outside the quoted SYSTEM/PUBLIC literals), or -1. */
function internalSubsetStart(text: string): number {
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[') return i;
  }
  return -1;
}

/** The entity declarations of an internal subset, by name (the first declaration binds, as in XML). */
function readDeclarations(subset: string): Map<string, string> {
  const declared = new Map<string, string>();
  let i = 0;
  const skipSpace = () => {
    SPACE.lastIndex = i;
    SPACE.exec(subset);
    i = SPACE.lastIndex;
  };
  for (skipSpace(); i < subset.length; skipSpace()) {
    if (subset.startsWith('<!--', i)) {
      const end = subset.indexOf('-->', i + 4);
      if (end < 0) throw new RefusedDoctype('The DOCTYPE has an unclosed comment');
      i = end + 3;
      continue;
    }
    if (subset[i] === '%') throw new RefusedDoctype('The DOCTYPE uses parameter entities');
    if (!/^<!ENTITY\s/.test(subset.slice(i, i + 9))) {
      throw new RefusedDoctype('The DOCTYPE declares markup other than entities');
    }
    i += 9;
    skipSpace();
    if (subset[i] === '%') throw new RefusedDoctype('The DOCTYPE declares parameter entities');
    NAME.lastIndex = i;
    const name = NAME.exec(subset)?.[0];
    if (!name) throw new RefusedDoctype('The DOCTYPE declares an entity without a valid name');
    i += name.length;
    skipSpace();
    const quote = subset[i];
    if (quote !== '"' && quote !== "'") {
      throw new RefusedDoctype(`The DOCTYPE declares "${name}" as an external entity (SYSTEM or PUBLIC)`);
    }
    const end = subset.indexOf(quote, i + 1);
    if (end < 0) throw new RefusedDoctype(`The DOCTYPE's entity "${name}" has no closing quote`);
    const value = subset.slice(i + 1, end);
    i = end + 1;
    skipSpace();
    if (subset[i] !== '>') throw new RefusedDoctype(`The DOCTYPE's entity "${name}" is not a plain string value`);
    i++;
    if (value.length > MAX_ENTITY_LENGTH) {
      throw new RefusedDoctype(`The DOCTYPE's entity "${name}" is longer than ${MAX_ENTITY_LENGTH} characters`);
    }
    if (!declared.has(name)) declared.set(name, value);
    if (declared.size > MAX_ENTITIES) throw new RefusedDoctype(`The DOCTYPE declares more than ${MAX_ENTITIES} entities`);
  }
  return declared;
}

/** The five entities XML predefines: declaring them again changes nothing. */
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_:][\w.:-]*);|[&%<]/g;

/** Every declared value with its references expanded, within the depth and length bounds. */
function expandAll(declared: Map<string, string>): Map<string, string> {
  const expanded = new Map<string, { value: string; depth: number }>();
  const expand = (name: string, path: readonly string[]): { value: string; depth: number } => {
    const done = expanded.get(name);
    if (done) return done;
    if (path.includes(name)) throw new RefusedDoctype(`The DOCTYPE's entity "${name}" refers to itself`);
    let depth = 0;
    const value = declared.get(name)!.replace(REFERENCE, (whole, reference: string | undefined) => {
      if (reference === undefined) {
        throw new RefusedDoctype(`The DOCTYPE's entity "${name}" is not a plain string value (it contains ${whole})`);
      }
      if (reference.startsWith('#')) return characterReference(name, reference);
      // `&lt;` and `&amp;` stay text: XML expands them when the value is used, not when it is declared.
      const predefined = PREDEFINED[reference];
      if (predefined !== undefined) return predefined;
      if (!declared.has(reference)) throw new RefusedDoctype(`The DOCTYPE's entity "${name}" refers to the undeclared "${reference}"`);
      const inner = expand(reference, [...path, name]);
      depth = Math.max(depth, inner.depth + 1);
      return inner.value;
    });
    if (depth > MAX_ENTITY_DEPTH) {
      throw new RefusedDoctype(`The DOCTYPE's entity "${name}" nests entities deeper than ${MAX_ENTITY_DEPTH} levels`);
    }
    if (value.length > MAX_ENTITY_LENGTH) {
      throw new RefusedDoctype(`The DOCTYPE's entity "${name}" expands to more than ${MAX_ENTITY_LENGTH} characters`);
    }
    const result = { value, depth };
    expanded.set(name, result);
    return result;
  };
  const entities = new Map<string, string>();
  for (const name of declared.keys()) if (PREDEFINED[name] === undefined) entities.set(name, expand(name, []).value);
  return entities;
}

function characterReference(name: string, reference: string): string {
  const code = reference[1] === 'x' ? parseInt(reference.slice(2), 16) : parseInt(reference.slice(1), 10);
  const char = code <= 0x10ffff ? String.fromCodePoint(code) : '';
  if (!/^[\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]$/u.test(char)) {
    throw new RefusedDoctype(`The DOCTYPE's entity "${name}" has an invalid character reference &${reference};`);
  }
  // XML parses a value again where it is used: `&#60;` would be markup there, `&#38;` the start of a reference.
  if (char === '<' || char === '&') throw new RefusedDoctype(`The DOCTYPE's entity "${name}" is not a plain string value (it contains markup)`);
  return char;
}
