/**
 * An events document, read into one attribute map per `<event>`: by the fast scanner where the document has the
 * shape MATSim writes, by saxes everywhere else, with identical results and errors.
 *
 * There is one saxes parser per document. It reads the prolog and the root start tag (XML declaration,
 * DOCTYPE — its entities are checked and declared there, as by every reader —, comments, the root check).
 * From there the scanner reads the `<event … />` elements. Whatever the scanner does not read — `</events>`, a
 * construct it leaves to saxes (a reference to a declared entity among them), the cut end of a truncated file —
 * goes back to that same parser, at exactly the line and column the scanner reached, for the rest of the
 * document: saxes then finds the same errors at the same positions as if it had read everything, and valid but
 * unusual files read all the same.
 */
import { MatsimFormatError } from '../errors.ts';
import { openText, type Input } from '../io/input.ts';
import { createXmlFeed, expectRoot, type ReadXmlOptions, type XmlAttributes, type XmlFeed } from '../xml/sax.ts';
import { EventScanner, SCAN_MORE } from './scanner.ts';

export interface EventSourceOptions extends ReadXmlOptions {
  /**
   * Internal: `'saxes'` reads the whole document with saxes, the reference the fast path is tested against.
   * Readers default to `'fast'`.
   */
  parser?: 'fast' | 'saxes';
}

// The root start tag must appear within this much text to use the fast path (MATSim's is on the second line).
const PROLOG_LIMIT = 1 << 20;
// An element longer than this is left to saxes, which streams it, rather than re-scanned with every new chunk.
const TAIL_LIMIT = 1 << 20;

const PROLOG = 0;
const FAST = 1;
const SAXES = 2;

/**
 * Calls `onEvent` with the attribute map of every `<event>` of the events document `input`, pausing after each
 * decompressed chunk (so callers can hand out batches). Throws a MatsimFormatError on bad input.
 */
export async function* readEventAttributes(
  input: Input,
  onEvent: (attributes: XmlAttributes) => void,
  options: EventSourceOptions = {},
): AsyncGenerator<void> {
  const document = new EventsDocument(onEvent, options.parser === 'saxes');
  for await (const chunk of openText(input, options)) {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
    document.write(chunk);
    yield;
  }
  document.close();
}

class EventsDocument {
  private readonly feed: XmlFeed;
  private readonly scanner: EventScanner;
  private mode: number;
  /** Text not read yet: the start of an element cut by the chunk boundary, or the prolog so far. */
  private tail = '';
  /** saxes' position just after the root start tag, to check the prolog ended where the scanner will start. */
  private rootEnd = -1;

  constructor(onEvent: (attributes: XmlAttributes) => void, saxesOnly: boolean) {
    let sawRoot = false;
    this.feed = createXmlFeed({
      open: (name, attributes) => {
        if (sawRoot) {
          if (name === 'event') onEvent(attributes);
          return;
        }
        expectRoot(name, ['events'], 'MATSim events');
        sawRoot = true;
        this.rootEnd = this.feed.parser.position;
      },
    });
    this.scanner = new EventScanner(onEvent);
    this.mode = saxesOnly ? SAXES : PROLOG;
  }

  write(chunk: string): void {
    if (this.mode === SAXES) {
      this.feed.write(chunk);
      return;
    }
    const text = this.tail === '' ? chunk : joined(this.tail, chunk);
    this.tail = '';
    if (this.mode === FAST) this.scan(text);
    else this.prolog(text);
  }

  close(): void {
    if (this.mode === FAST) this.handOver(this.tail);
    else if (this.mode === PROLOG) this.feed.write(this.tail);
    this.feed.close();
  }

  /** saxes reads up to the root start tag; the scanner takes over if that ends where expected. */
  private prolog(text: string): void {
    const end = rootTagEnd(text);
    if (end < 0) {
      if (text.length < PROLOG_LIMIT) {
        this.tail = text;
      } else {
        this.mode = SAXES;
        this.feed.write(text);
      }
      return;
    }
    const { parser } = this.feed;
    this.feed.write(text.slice(0, end));
    const version = parser.xmlDecl.version ?? '1.0';
    // The scanner knows XML 1.0's characters only, and needs saxes just inside an open root (not `<events/>`).
    if (this.rootEnd !== end || version !== '1.0' || text.charCodeAt(end - 2) === 47 /* / */) {
      this.mode = SAXES;
      this.feed.write(text.slice(end));
      return;
    }
    this.mode = FAST;
    this.scanner.line = parser.line;
    this.scanner.lineStart = -parser.column;
    this.scanner.astral = 0;
    this.scan(text.slice(end));
  }

  private scan(text: string): void {
    const { scanner } = this;
    let outcome: number;
    try {
      outcome = scanner.scan(text);
    } catch (error) {
      throw atScannerPosition(error, scanner);
    }
    const rest = text.slice(scanner.stop);
    if (outcome === SCAN_MORE && rest.length < TAIL_LIMIT) {
      this.tail = rest;
      scanner.rebase(scanner.stop);
    } else {
      this.handOver(rest);
    }
  }

  /** The rest of the document, from the scanner's stop, goes to saxes, which resumes at the scanner's position. */
  private handOver(rest: string): void {
    const { parser } = this.feed;
    parser.line = this.scanner.line;
    parser.column = this.scanner.columnAt(this.scanner.stop);
    this.mode = SAXES;
    this.tail = '';
    this.feed.write(rest);
  }
}

/**
 * `head + rest` as a flat string. `+` makes a rope (a V8 ConsString), which the scanner reads markedly slower
 * (measured ~40% on a whole file, even once flattened); `join` copies into one flat string (~64 KiB per chunk).
 */
function joined(head: string, rest: string): string {
  return [head, rest].join('');
}

/** An error of the event builder gets the position saxes would give it: just after the element. */
function atScannerPosition(error: unknown, scanner: EventScanner): unknown {
  if (!(error instanceof MatsimFormatError) || error.line !== undefined) return error;
  return new MatsimFormatError(error.code, error.message, scanner.line, scanner.columnAt(scanner.stop));
}

/**
 * Where the first start tag (the root) ends: the index after its `>`, or -1 while the text does not show it
 * whole. Only a guess — a `<` inside a comment may mislead it —, which saxes confirms before the scanner starts.
 */
function rootTagEnd(text: string): number {
  let at = text.indexOf('<');
  for (; at >= 0; at = text.indexOf('<', at + 1)) {
    const c = text.charCodeAt(at + 1) | 0x20;
    if ((c >= 97 && c <= 122) || c === 0x7f /* _ */ || c === 0x3a /* : */) break;
  }
  if (at < 0) return -1;
  let quote = 0;
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) {
      quote = c;
    } else if (c === 62 /* > */) {
      return i + 1;
    }
  }
  return -1;
}
