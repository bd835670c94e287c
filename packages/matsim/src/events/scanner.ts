/**
 * The events fast path: a scanner for the one shape MATSim writes between `<events …>` and `</events>` —
 * self-closing `<event name="value" … />` elements separated by whitespace. saxes spends most of its time on
 * generic per-character state-machine work; here a value is found by a tight loop over its characters and
 * becomes one `slice`, names are interned, and attribute maps are fast-mode objects.
 *
 * The scanner accepts a strict subset of well-formed XML and produces exactly what saxes would produce for it.
 * Anything else — an explicit `</event>`, a comment, CDATA, a processing instruction, text, `</events>`, an
 * unknown entity, a raw tab or line break in a value (saxes normalises those), a duplicate attribute — makes
 * it stop and report `HANDOVER`: the caller gives the rest of the document to saxes from that very element,
 * so errors keep saxes' codes, messages and positions, and unusual but valid files still read.
 *
 * Positions are tracked as saxes counts them (1-based lines; columns in code points, CR LF as one break), only
 * in whitespace (values never hold a raw line break here), so they cost next to nothing.
 */
import type { XmlAttributes } from '../xml/sax.ts';
import { decodeReference, REFERENCE_INCOMPLETE, referenceEnd } from './references.ts';
import { EVENT_FIELDS, KNOWN_EVENT_TYPES } from './model.ts';

/** Every complete element of the buffer was read; what is left from `stop` on needs the next chunk. */
export const SCAN_MORE = 0;
/** From `stop` on, the text is something the scanner does not read: saxes must take over there. */
export const SCAN_HANDOVER = 1;

/**
 * Attribute maps like saxes' (no inherited members: `__proto__` or `constructor` are plain attribute names,
 * `'toString' in map` is false), but built by `new`, which keeps them out of V8's slow dictionary mode.
 */
const AttributeMap = function AttributeMap() {} as unknown as new () => XmlAttributes;
AttributeMap.prototype = Object.create(null) as XmlAttributes;

// Character classes of ASCII codes.
const NAME_START = 1;
const NAME = 2;
const VALUE = 4;
const CLASS = new Uint8Array(128);
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

function hashOf(text: string, start: number, end: number): number {
  let h = 0;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h & (TABLE_SIZE - 1);
}

function seed(table: (string | undefined)[], value: string): void {
  table[hashOf(value, 0, value.length)] ??= value;
}
for (const name of ['time', 'type']) seed(names, name);
for (const type of KNOWN_EVENT_TYPES) {
  seed(types, type);
  for (const [name] of EVENT_FIELDS[type]) seed(names, name);
}

/** `text.slice(start, end)`, as the string of `table` when it holds an equal one. */
function intern(table: (string | undefined)[], text: string, start: number, end: number, hash: number): string {
  const known = table[hash];
  if (known !== undefined && known.length === end - start && text.startsWith(known, start)) return known;
  return text.slice(start, end);
}

export class EventScanner {
  /** Line of the next character, 1-based. */
  line = 1;
  /** Buffer index where that line starts (negative when it started in an earlier chunk). */
  lineStart = 0;
  /** Characters outside the BMP on the line so far: two code units each, but one column for saxes. */
  astral = 0;
  /** Where the last `scan` stopped: after the last event read, or at what saxes must take over. */
  stop = 0;

  constructor(private readonly onEvent: (attributes: XmlAttributes) => void) {}

  /** saxes' column of buffer index `index` on the current line. */
  columnAt(index: number): number {
    return index - this.lineStart - this.astral;
  }

  /** The buffer's first `count` characters are dropped: indices shift. */
  rebase(count: number): void {
    this.lineStart -= count;
    this.stop -= count;
  }

  /**
   * Reads the events of `text`, from index 0, calling `onEvent` for each; returns SCAN_MORE or SCAN_HANDOVER
   * with `stop` set. An error thrown by `onEvent` passes through, with `stop` and the line at that event's end.
   */
  scan(text: string): number {
    const length = text.length;
    const onEvent = this.onEvent;
    let line = this.line;
    let lineStart = this.lineStart;
    let astral = this.astral;
    let i = 0;
    // Where the element being read starts, and the position there: an element that does not read is left whole.
    let start = 0;
    let startLine = line;
    let startLineStart = lineStart;
    let startAstral = astral;
    // Why the loop ended early: the text ran out (wait for more) or saxes must see what follows.
    let outcome = SCAN_MORE;

    elements: for (;;) {
      // Whitespace between elements.
      let c = code(text, i);
      while (c === 32 || c === 10 || c === 9 || c === 13) {
        if (c !== 32 && c !== 9) {
          if (c === 13) {
            // CR LF is one line break: a final CR waits until the next chunk shows what follows.
            if (i + 1 === length) break;
            if (code(text, i + 1) === 10) i++;
          }
          line++;
          lineStart = i + 1;
          astral = 0;
        }
        c = code(text, ++i);
      }
      start = i;
      startLine = line;
      startLineStart = lineStart;
      startAstral = astral;
      if (i === length || c === 13) break;
      if (
        c !== 60 /* < */ ||
        code(text, i + 1) !== 101 /* e */ ||
        code(text, i + 2) !== 118 /* v */ ||
        code(text, i + 3) !== 101 /* e */ ||
        code(text, i + 4) !== 110 /* n */ ||
        code(text, i + 5) !== 116 /* t */
      ) {
        // A cut `<eve` waits for the next chunk; anything else (`</events>`, a comment, text) is saxes' work.
        outcome = i + 6 > length && '<event'.startsWith(text.slice(i)) ? SCAN_MORE : SCAN_HANDOVER;
        break;
      }

      // One `<event … />`.
      const attributes = new AttributeMap();
      i += 6;
      for (;;) {
        c = code(text, i);
        if (c !== 32 && c !== 10 && c !== 9 && c !== 13) {
          // No whitespace: the end of the element, or something saxes must judge (`>`, a missing space).
          if (c === 47 /* / */ && code(text, i + 1) === 62 /* > */) break;
          outcome = c === 47 ? fail(i + 1, length) : fail(i, length);
          break elements;
        }
        do {
          if (c !== 32 && c !== 9) {
            if (c === 13) {
              if (i + 1 === length) break elements;
              if (code(text, i + 1) === 10) i++;
            }
            line++;
            lineStart = i + 1;
            astral = 0;
          }
          c = code(text, ++i);
        } while (c === 32 || c === 10 || c === 9 || c === 13);
        if (c === 47 /* / */) {
          if (code(text, i + 1) === 62 /* > */) break;
          outcome = fail(i + 1, length);
          break elements;
        }

        // The name, ASCII only, directly followed by `=` and a quote.
        if (!(c < 128 && (CLASS[c]! & NAME_START) !== 0)) {
          outcome = fail(i, length);
          break elements;
        }
        const nameStart = i;
        let hash = c;
        for (c = code(text, ++i); c < 128 && (CLASS[c]! & NAME) !== 0; c = code(text, ++i)) {
          hash = (Math.imul(hash, 31) + c) | 0;
        }
        if (c !== 61 /* = */) {
          outcome = fail(i, length);
          break elements;
        }
        const name = intern(names, text, nameStart, i, hash & (TABLE_SIZE - 1));
        const quote = code(text, ++i);
        if (quote !== 34 && quote !== 39) {
          outcome = fail(i, length);
          break elements;
        }

        // The value: plain characters, well-formed surrogate pairs, and references decoded as saxes does.
        let valueStart = ++i;
        let decoded = '';
        for (;;) {
          c = code(text, i);
          if (c < 128) {
            if ((CLASS[c]! & VALUE) !== 0) i++;
            else if (c === quote) break;
            else if (c === 34 || c === 39) i++;
            else if (c === 38 /* & */) {
              const reference = decodeReference(text, i);
              if (typeof reference !== 'string') {
                outcome = reference === REFERENCE_INCOMPLETE ? SCAN_MORE : SCAN_HANDOVER;
                break elements;
              }
              decoded += text.slice(valueStart, i) + reference;
              i = valueStart = referenceEnd;
            } else {
              outcome = fail(i, length);
              break elements;
            }
          } else if (c < 0xd800 || (c >= 0xe000 && c <= 0xfffd)) {
            i++;
          } else {
            const low = code(text, i + 1);
            if (c <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
              i += 2;
              astral++;
            } else {
              outcome = fail(c <= 0xdbff ? i + 1 : i, length);
              break elements;
            }
          }
        }
        // saxes reports a repeated name; leave that to it.
        if (attributes[name] !== undefined) {
          outcome = SCAN_HANDOVER;
          break elements;
        }
        if (name === 'type') {
          attributes.type = decoded === '' ? intern(types, text, valueStart, i, hashOf(text, valueStart, i)) : decoded + text.slice(valueStart, i);
        } else {
          attributes[name] = decoded === '' ? text.slice(valueStart, i) : decoded + text.slice(valueStart, i);
        }
        i++;
      }

      i += 2;
      this.stop = i;
      this.line = line;
      this.lineStart = lineStart;
      this.astral = astral;
      onEvent(attributes);
    }
    this.stop = start;
    this.line = startLine;
    this.lineStart = startLineStart;
    this.astral = startAstral;
    return outcome;
  }
}

/**
 * The character at `index`, or 0 past the end. Reading past the end of a string gives NaN, which makes V8 treat
 * every character as a float from then on (measured ~25% slower); 0 (NUL) is no character any check accepts.
 */
function code(text: string, index: number): number {
  return index < text.length ? text.charCodeAt(index) : 0;
}

/** An unexpected character at `at`: past the end, the element is only cut by the chunk boundary. */
function fail(at: number, length: number): number {
  return at >= length ? SCAN_MORE : SCAN_HANDOVER;
}
