/**
 * The events fast path: a scanner over the decompressed bytes for the one shape MATSim writes between
 * `<events …>` and `</events>` — self-closing `<event name="value" … />` elements separated by whitespace.
 * Nothing is decoded to text before it is needed: the structure is found by tight loops over the bytes, names
 * and event types are interned (compared byte by byte with MATSim's own), and only the values become strings —
 * slices of one Latin-1 view of the buffer for ASCII values (no copy for long ones), UTF-8 decoding for the
 * others. Attribute maps are fast-mode objects.
 *
 * The scanner accepts a strict subset of well-formed XML and produces exactly what saxes would produce for it
 * (fed the same bytes decoded as UTF-8). Anything else — an explicit `</event>`, a comment, CDATA, a processing
 * instruction, text, `</events>`, an unknown entity, a raw tab or line break in a value (saxes normalises
 * those), a duplicate attribute, U+FFFE — makes it stop and report `HANDOVER`: the caller gives the rest of the
 * document to saxes from that very element, so errors keep saxes' codes, messages and positions, and unusual
 * but valid files still read. It stops where saxes would see the problem, in the same chunk, so the batches
 * come out the same too.
 *
 * Positions are tracked as saxes counts them (1-based lines; columns in code points, CR LF as one break), only
 * in whitespace (values never hold a raw line break here) and for values with non-ASCII bytes, so they cost next
 * to nothing.
 */
import type { XmlAttributes } from '../xml/sax.ts';
import { decodeReference, REFERENCE_INCOMPLETE, referenceEnd } from './references.ts';
import { EVENT_FIELDS, KNOWN_EVENT_TYPES } from './model.ts';

/** Every complete element of the buffer was read; what is left from `stop` on needs the next chunk. */
export const SCAN_MORE = 0;
/** From `stop` on, the bytes are something the scanner does not read: saxes must take over there. */
export const SCAN_HANDOVER = 1;

/** Zero bytes the buffer must hold after its content: reads a few bytes ahead need no bounds check. */
export const SCAN_PADDING = 8;

/**
 * Attribute maps like saxes' (no inherited members: `__proto__` or `constructor` are plain attribute names,
 * `'toString' in map` is false), but built by `new`, which keeps them out of V8's slow dictionary mode.
 */
const AttributeMap = function AttributeMap() {} as unknown as new () => XmlAttributes;
AttributeMap.prototype = Object.create(null) as XmlAttributes;

// Character classes of bytes (ASCII; every byte from 0x80 on is part of a multi-byte character).
const NAME_START = 1;
const NAME = 2;
const VALUE = 4;
const CLASS = new Uint8Array(256);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  // Control characters (tab and line breaks included: saxes turns those into spaces), quotes, `&` and `<` stop
  // the value loop; everything else is taken as it is.
  CLASS[c] =
    (/[A-Za-z_:]/.test(ch) ? NAME_START | NAME : 0) |
    (/[0-9.-]/.test(ch) ? NAME : 0) |
    (c >= 0x20 && !'"\'&<'.includes(ch) ? VALUE : 0);
}

// MATSim's own attribute names and event types, as the literals: a name read from the file that equals one is
// replaced by it, so repeated names cost no new string, and the builder's `switch (a.type)` compares identical
// strings. Fixed at load: learning names from files would let a file's strings (and the chunks they are
// slices of) live as long as the module.
const TABLE_SIZE = 1024;
const names: (string | undefined)[] = new Array(TABLE_SIZE).fill(undefined);
const types: (string | undefined)[] = new Array(TABLE_SIZE).fill(undefined);
/** Per event type's slot and attribute index from 2 on: the name's slot it had there last (-1: none yet). */
const PREDICTED = 16;
const predicted = new Int16Array(TABLE_SIZE * PREDICTED).fill(-1);
/** Per slot of `names`: the number of the event that last had that attribute (the duplicate check, for them). */
const seenIn = new Float64Array(TABLE_SIZE).fill(-1);

function hashOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h & (TABLE_SIZE - 1);
}

/**
 * An event type's slot in `types`, from its length and three of its characters: cheap to take from the bytes, and
 * distinct for MATSim's types (a file's type that meets one is compared in full, and one that is not MATSim's is
 * only not interned).
 */
function typeSlotOf(type: string): number {
  const n = type.length;
  return (((n * 31 + type.charCodeAt(0)) * 31 + type.charCodeAt(n - 1)) * 31 + type.charCodeAt(n >> 1)) & (TABLE_SIZE - 1);
}

function seed(table: (string | undefined)[], value: string): void {
  table[hashOf(value)] ??= value;
}
for (const name of ['time', 'type']) seed(names, name);
for (const type of KNOWN_EVENT_TYPES) {
  types[typeSlotOf(type)] ??= type;
  for (const [name] of EVENT_FIELDS[type]) seed(names, name);
}

/**
 * Attribute layouts: the sequences of MATSim's own names elements have (`time type link vehicle`, …), a trie over
 * the names' ordinals. Each layout gets a constructor of its own, made once, that sets its attributes in order
 * by name: every map of one layout has one V8 shape, built by monomorphic stores, instead of one generic keyed
 * store per attribute. The code is generated from MATSim's fixed names only (never from a file's), each quoted by
 * JSON.stringify; elements with any other name take the generic path.
 */
const KNOWN_NAMES: string[] = [];
const ordinalOf = new Int16Array(TABLE_SIZE).fill(-1);
for (let slot = 0; slot < TABLE_SIZE; slot++) if (names[slot] !== undefined) ordinalOf[slot] = KNOWN_NAMES.push(names[slot]!) - 1;
const ORDINALS = KNOWN_NAMES.length;
const MAX_LAYOUTS = 1024;
/** Layout reached from layout `l` by the name of ordinal `o`: `layoutNext[l * ORDINALS + o]`, 0 when not made yet. */
const layoutNext = new Int32Array(MAX_LAYOUTS * ORDINALS);
const layoutNames: string[][] = [[]];
type LayoutMaker = (values: string[]) => XmlAttributes;
const layoutMaker: LayoutMaker[] = [() => new AttributeMap()];

/** `layoutNext` for a name the layout already has: saxes reports the repeated attribute. */
const REPEATED = -2;

/**
 * The layout after `layout` with one more name, made on first use; -1 when the table is full, REPEATED when the
 * layout has that name already.
 */
function extendLayout(layout: number, ordinal: number): number {
  if (layoutNames[layout]!.includes(KNOWN_NAMES[ordinal]!)) {
    layoutNext[layout * ORDINALS + ordinal] = REPEATED;
    return REPEATED;
  }
  if (layoutNames.length === MAX_LAYOUTS) return -1;
  const fields = [...layoutNames[layout]!, KNOWN_NAMES[ordinal]!];
  const sets = fields.map((name, k) => `a[${JSON.stringify(name)}] = values[${k}];`).join(' ');
  let make: LayoutMaker;
  try {
    make = new Function('Map', `return function (values) { const a = new Map(); ${sets} return a; };`)(AttributeMap) as LayoutMaker;
  } catch {
    return -1; // code generation disallowed (--disallow-code-generation-from-strings): the generic path
  }
  const next = layoutNames.push(fields) - 1;
  layoutMaker.push(make);
  layoutNext[layout * ORDINALS + ordinal] = next;
  return next;
}

// MATSim's first two attributes (seeded first: their slots are theirs).
const TIME_SLOT = names.indexOf('time');
const TYPE_SLOT = names.indexOf('type');

/** Whether `bytes[start, end)` holds exactly the ASCII string `known`. */
function equals(known: string, bytes: Uint8Array, start: number, end: number): boolean {
  if (known.length !== end - start) return false;
  for (let i = 0; i < known.length; i++) if (known.charCodeAt(i) !== bytes[start + i]) return false;
  return true;
}

// Value decoding. `ignoreBOM`: a value may well start with U+FEFF, which a fresh decoder would drop.
const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Code points of a string decoded from UTF-8 (no lone surrogates there). */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) count--;
  }
  return count;
}

export class EventScanner {
  /** Line of the next character, 1-based. */
  line = 1;
  /** Buffer index where that line starts (virtual: the line's column 0 at `lineStart` bytes). */
  lineStart = 0;
  /** Bytes beyond one per code point on the line so far (multi-byte characters in values). */
  wide = 0;
  /** Where the last `scan` stopped: after the last event read, or at what saxes must take over. */
  stop = 0;

  /** The buffer as Latin-1 text (ASCII values are its slices), made when the first value needs it. */
  private text = '';
  private textFor: Uint8Array | undefined = undefined;

  constructor(private readonly onEvent: (attributes: XmlAttributes) => void) {}

  /** saxes' column of buffer index `index` on the current line. */
  columnAt(index: number): number {
    return index - this.lineStart - this.wide;
  }

  /** The buffer's first `count` bytes are dropped: indices shift. */
  rebase(count: number): void {
    this.lineStart -= count;
    this.stop -= count;
  }

  /**
   * Reads the events of `bytes[0, length)`, calling `onEvent` for each; `bytes` must hold SCAN_PADDING zero bytes
   * after `length`. Returns SCAN_MORE or SCAN_HANDOVER with `stop` set. An error thrown by `onEvent` passes
   * through, with `stop` and the line at that event's end.
   */
  scan(bytes: Uint8Array, length: number): number {
    const onEvent = this.onEvent;
    this.textFor = undefined;
    let line = this.line;
    let lineStart = this.lineStart;
    let wide = this.wide;
    let i = 0;
    // Where the element being read starts, and the position there: an element that does not read is left whole.
    let start = 0;
    let startLine = line;
    let startLineStart = lineStart;
    let startWide = wide;
    // Why the loop ended early: the bytes ran out (wait for more) or saxes must see what follows.
    let outcome = SCAN_MORE;
    let count = 0;

    elements: for (;;) {
      // Whitespace between elements.
      let c = bytes[i]!;
      while (c === 32 || c === 10 || c === 9 || c === 13) {
        if (c !== 32 && c !== 9) {
          if (c === 13) {
            // CR LF is one line break: a final CR waits until the next chunk shows what follows.
            if (i + 1 === length) break;
            if (bytes[i + 1] === 10) i++;
          }
          line++;
          lineStart = i + 1;
          wide = 0;
        }
        c = bytes[++i]!;
      }
      start = i;
      startLine = line;
      startLineStart = lineStart;
      startWide = wide;
      if (i >= length || c === 13) break;
      if (
        c !== 60 /* < */ ||
        bytes[i + 1] !== 101 /* e */ ||
        bytes[i + 2] !== 118 /* v */ ||
        bytes[i + 3] !== 101 /* e */ ||
        bytes[i + 4] !== 110 /* n */ ||
        bytes[i + 5] !== 116 /* t */
      ) {
        // A cut `<eve` waits for the next chunk; anything else (`</events>`, a comment, text) is saxes' work.
        outcome = i + 6 > length && isEventPrefix(bytes, i, length) ? SCAN_MORE : SCAN_HANDOVER;
        break;
      }

      // One `<event … />`.
      count = ++eventCount;
      let layout = 0;
      let attributeIndex = 0;
      let typeSlot = -1;
      i += 6;
      for (;;) {
        c = bytes[i]!;
        if (c !== 32 && c !== 10 && c !== 9 && c !== 13) {
          // No whitespace: the end of the element, or something saxes must judge (`>`, a missing space).
          if (c === 47 /* / */ && bytes[i + 1] === 62 /* > */) break;
          outcome = c === 47 ? fail(i + 1, length) : fail(i, length);
          break elements;
        }
        do {
          if (c !== 32 && c !== 9) {
            if (c === 13) {
              if (i + 1 === length) break elements;
              if (bytes[i + 1] === 10) i++;
            }
            line++;
            lineStart = i + 1;
            wide = 0;
          }
          c = bytes[++i]!;
        } while (c === 32 || c === 10 || c === 9 || c === 13);
        if (c === 47 /* / */) {
          if (bytes[i + 1] === 62 /* > */) break;
          outcome = fail(i + 1, length);
          break elements;
        }

        // The name, ASCII only, directly followed by `=` and a quote. MATSim writes the same names in the same
        // order for every event of a type, so the name this type had here last time is compared first; any other
        // is hashed and looked up.
        const nameStart = i;
        let slot = -1;
        const expected =
          attributeIndex < 2
            ? attributeIndex === 0 ? TIME_SLOT : TYPE_SLOT
            : typeSlot >= 0 && attributeIndex < PREDICTED ? predicted[typeSlot * PREDICTED + attributeIndex]! : -1;
        if (expected >= 0) {
          const known = names[expected]!;
          let k = 0;
          while (k < known.length && known.charCodeAt(k) === bytes[i + k]) k++;
          if (k === known.length && bytes[i + k] === 61 /* = */) {
            slot = expected;
            i += k;
          }
        }
        if (slot < 0) {
          if ((CLASS[c]! & NAME_START) === 0) {
            outcome = fail(i, length);
            break elements;
          }
          let hash = c;
          for (c = bytes[++i]!; (CLASS[c]! & NAME) !== 0; c = bytes[++i]!) hash = (Math.imul(hash, 31) + c) | 0;
          if (c !== 61 /* = */) {
            outcome = fail(i, length);
            break elements;
          }
          slot = hash & (TABLE_SIZE - 1);
          const known = names[slot];
          if (known === undefined || !equals(known, bytes, nameStart, i)) slot = -1;
          else if (typeSlot >= 0 && attributeIndex >= 2 && attributeIndex < PREDICTED) predicted[typeSlot * PREDICTED + attributeIndex] = slot;
        }
        attributeIndex++;
        const nameEnd = i;
        const quote = bytes[++i]!;
        if (quote !== 34 && quote !== 39) {
          outcome = fail(i, length);
          break elements;
        }

        // The value: plain bytes, multi-byte characters (U+FFFE and U+FFFF refused, as by saxes; bytes that are
        // no UTF-8 become U+FFFD, as in every decoded text) and references decoded as saxes does.
        const valueStart = ++i;
        let plain = true;
        for (;;) {
          c = bytes[i]!;
          // The common bytes in a tight loop of their own.
          while ((CLASS[c]! & VALUE) !== 0) c = bytes[++i]!;
          if (c === quote) {
            break;
          } else if (c === 34 || c === 39) {
            i++;
          } else if (c >= 0x80) {
            // EF BF BE / EF BF BF are U+FFFE / U+FFFF, which XML does not allow.
            if (c === 0xef && bytes[i + 1] === 0xbf && (bytes[i + 2]! & 0xfe) === 0xbe) {
              outcome = fail(i + 2, length);
              break elements;
            }
            plain = false;
            i++;
          } else if (c === 38 /* & */) {
            const reference = decodeReference(bytes, i, length);
            if (typeof reference !== 'string') {
              outcome = reference === REFERENCE_INCOMPLETE ? SCAN_MORE : SCAN_HANDOVER;
              break elements;
            }
            plain = false;
            i = referenceEnd;
          } else {
            outcome = fail(i, length);
            break elements;
          }
        }
        // saxes reports a repeated name; leave that to it. Within a layout the layout knows its names; off it,
        // MATSim's own names are checked by event number and the file's own against the names so far.
        let name: string;
        if (slot >= 0) {
          name = names[slot]!;
          if (layout >= 0) {
            const ordinal = ordinalOf[slot]!;
            let next = layoutNext[layout * ORDINALS + ordinal]!;
            if (next === 0) next = extendLayout(layout, ordinal);
            if (next === REPEATED) {
              outcome = SCAN_HANDOVER;
              break elements;
            }
            if (next < 0) leaveLayout(layout, count);
            layout = next;
          }
          if (layout < 0) {
            if (seenIn[slot] === count) {
              outcome = SCAN_HANDOVER;
              break elements;
            }
            seenIn[slot] = count;
          }
        } else {
          name = this.slice(bytes, nameStart, nameEnd, length);
          if (layout >= 0) leaveLayout(layout, count);
          layout = -1;
          for (let k = 0; k < attributeIndex - 1; k++) {
            if (keys[k] === name) {
              outcome = SCAN_HANDOVER;
              break elements;
            }
          }
        }
        let value: string;
        if (plain) {
          if (slot === TYPE_SLOT) {
            value = this.type(bytes, valueStart, i, length);
            typeSlot = internedType;
          } else {
            value = this.slice(bytes, valueStart, i, length);
          }
        } else {
          value = this.decode(bytes, valueStart, i, length);
          wide += decodedWide;
        }
        if (layout < 0) keys[attributeIndex - 1] = name;
        values[attributeIndex - 1] = value;
        i++;
      }
      const attributes = layout >= 0 ? layoutMaker[layout]!(values) : generic(attributeIndex);

      i += 2;
      this.stop = i;
      this.line = line;
      this.lineStart = lineStart;
      this.wide = wide;
      onEvent(attributes);
    }
    this.stop = start;
    this.line = startLine;
    this.lineStart = startLineStart;
    this.wide = startWide;
    return outcome;
  }

  /** `bytes[start, end)` (ASCII) as a string, a slice of the buffer's Latin-1 text. */
  private slice(bytes: Uint8Array, start: number, end: number, length: number): string {
    if (this.textFor !== bytes) {
      this.text = latin1(bytes, length);
      this.textFor = bytes;
    }
    return this.text.slice(start, end);
  }

  /** An event type, as MATSim's own string when it is one (its slot then in `internedType`, else -1). */
  private type(bytes: Uint8Array, start: number, end: number, length: number): string {
    const n = end - start;
    const slot = n === 0 ? 0 : (((n * 31 + bytes[start]!) * 31 + bytes[end - 1]!) * 31 + bytes[start + (n >> 1)]!) & (TABLE_SIZE - 1);
    const known = types[slot];
    if (known !== undefined && equals(known, bytes, start, end)) {
      internedType = slot;
      return known;
    }
    internedType = -1;
    return this.slice(bytes, start, end, length);
  }

  /**
   * A value with multi-byte characters or references: its runs decoded as UTF-8 and its references replaced.
   * Sets `decodedWide` to the bytes beyond one per code point of its source text (references are ASCII).
   */
  private decode(bytes: Uint8Array, start: number, end: number, length: number): string {
    let value = '';
    let wide = 0;
    let run = start;
    const flush = (to: number) => {
      if (to === run) return;
      const part = utf8Decoder.decode(bytes.subarray(run, to));
      wide += to - run - codePoints(part);
      value += part;
    };
    for (let i = start; i < end; ) {
      if (bytes[i] === 38 /* & */) {
        flush(i);
        value += decodeReference(bytes, i, length) as string;
        i = run = referenceEnd;
      } else {
        i++;
      }
    }
    flush(end);
    decodedWide = wide;
    return value;
  }
}

/** The names and values of the element being read (reused: only its own first ones count). */
const keys: string[] = [];
const values: string[] = [];

/**
 * An element leaves the layouts (a name of the file's own, or the table is full) after `layout`'s names: they
 * become its first keys, and MATSim's among them are marked seen in element `count`.
 */
function leaveLayout(layout: number, count: number): void {
  const fields = layoutNames[layout]!;
  for (let k = 0; k < fields.length; k++) {
    keys[k] = fields[k]!;
    seenIn[hashOf(fields[k]!)] = count;
  }
}

/** The attribute map of an element with names of its own: one keyed store per attribute. */
function generic(attributeCount: number): XmlAttributes {
  const attributes = new AttributeMap();
  for (let k = 0; k < attributeCount; k++) attributes[keys[k]!] = values[k]!;
  return attributes;
}

let decodedWide = 0;
let internedType = -1;
/** Elements begun, over all scanners (a number for `seenIn`; exact integers far beyond any file). */
let eventCount = 0;

/** `bytes[0, length)` as Latin-1 text: one character per byte. */
function latin1(bytes: Uint8Array, length: number): string {
  return latin1Slice.call(bytes, 0, length);
}
// Node's own Latin-1 decoding (what `buffer.toString('latin1')` calls), on any Uint8Array.
const latin1Slice = (Buffer.prototype as unknown as { latin1Slice(this: Uint8Array, start: number, end: number): string }).latin1Slice;

/** Whether `bytes[at, length)` is the start of `<event`. */
function isEventPrefix(bytes: Uint8Array, at: number, length: number): boolean {
  const prefix = '<event';
  for (let i = at; i < length; i++) if (bytes[i] !== prefix.charCodeAt(i - at)) return false;
  return true;
}

/** An unexpected byte at `at`: past the end, the element is only cut by the chunk boundary. */
function fail(at: number, length: number): number {
  return at >= length ? SCAN_MORE : SCAN_HANDOVER;
}
