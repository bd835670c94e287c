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
import { openInput, openText, type Input } from '../io/input.ts';
import { createXmlFeed, expectRoot, type ReadXmlOptions, type XmlAttributes, type XmlFeed } from '../xml/sax.ts';
import { EventScanner, SCAN_MORE, SCAN_PADDING } from './scanner.ts';

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
  if (options.parser === 'saxes') {
    const feed = eventsFeed(onEvent, () => {});
    for await (const chunk of openText(input, options)) {
      if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
      feed.write(chunk);
      yield;
    }
    feed.close();
    return;
  }
  const document = new EventsDocument(onEvent);
  for await (const chunk of openInput(input, options)) {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
    document.write(chunk);
    yield;
  }
  document.close();
}

/** saxes for an events document: checks the root, hands the attributes of every `<event>` on. */
function eventsFeed(onEvent: (attributes: XmlAttributes) => void, onRoot: (feed: XmlFeed) => void): XmlFeed {
  let sawRoot = false;
  const feed: XmlFeed = createXmlFeed({
    open: (name, attributes) => {
      if (sawRoot) {
        if (name === 'event') onEvent(attributes);
        return;
      }
      expectRoot(name, ['events'], 'MATSim events');
      sawRoot = true;
      onRoot(feed);
    },
  });
  return feed;
}

/**
 * The fast path over decompressed bytes. saxes (fed text decoded exactly as `openText` decodes it) reads the
 * prolog; the scanner reads the bytes from the root start tag on; whatever it does not read goes back to saxes,
 * decoded from there.
 */
class EventsDocument {
  private readonly feed: XmlFeed;
  private readonly scanner: EventScanner;
  private mode = PROLOG;
  /** Prolog: the text so far, its bytes, and the decoder that made it (saxes goes on with it if need be). */
  private prolog = '';
  private prologBytes: Uint8Array[] = [];
  private decoder = new TextDecoder('utf-8');
  /** Fast path: the bytes being scanned — the tail the last scan left, then the new chunk, then zero padding. */
  private buffer = Buffer.alloc(0);
  private tail = 0;
  /** saxes' position just after the root start tag, to check the prolog ended where the scanner will start. */
  private rootEnd = -1;

  constructor(onEvent: (attributes: XmlAttributes) => void) {
    this.feed = eventsFeed(onEvent, (feed) => {
      this.rootEnd = feed.parser.position;
    });
    this.scanner = new EventScanner(onEvent);
  }

  write(chunk: Uint8Array): void {
    if (this.mode === FAST) this.scan(chunk);
    else if (this.mode === SAXES) this.feedText(this.decoder.decode(chunk, { stream: true }));
    else this.readProlog(chunk);
  }

  close(): void {
    if (this.mode === FAST) this.handOver(this.buffer.subarray(0, this.tail));
    const rest = this.prolog + this.decoder.decode();
    this.prolog = '';
    if (rest !== '') this.feed.write(rest);
    this.feed.close();
  }

  private feedText(text: string): void {
    if (text !== '') this.feed.write(text);
  }

  /** saxes reads up to the root start tag; the scanner takes over if that ends where expected. */
  private readProlog(chunk: Uint8Array): void {
    this.prologBytes.push(chunk);
    const text = this.prolog === '' ? this.decoder.decode(chunk, { stream: true }) : joined(this.prolog, this.decoder.decode(chunk, { stream: true }));
    this.prolog = '';
    const end = rootTagEnd(text);
    if (end < 0) {
      if (text.length < PROLOG_LIMIT) {
        this.prolog = text;
      } else {
        this.toSaxes(text);
      }
      return;
    }
    const { parser } = this.feed;
    const head = text.slice(0, end);
    this.feed.write(head);
    const version = parser.xmlDecl.version ?? '1.0';
    // The scanner knows XML 1.0's characters only, and needs saxes just inside an open root (not `<events/>`).
    // A prolog with bytes that are no UTF-8 (decoded to U+FFFD) has no byte offset to start from: saxes reads on.
    if (this.rootEnd !== end || version !== '1.0' || text.charCodeAt(end - 2) === 47 /* / */ || head.includes('\uFFFD')) {
      this.toSaxes(text.slice(end));
      return;
    }
    const bytes = Buffer.concat(this.prologBytes);
    this.prologBytes = [];
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    const offset = bom + Buffer.byteLength(head, 'utf8');
    this.mode = FAST;
    this.scanner.line = parser.line;
    this.scanner.lineStart = -parser.column;
    this.scanner.wide = 0;
    this.scan(bytes.subarray(offset));
  }

  private toSaxes(text: string): void {
    this.mode = SAXES;
    this.prologBytes = [];
    this.feedText(text);
  }

  /** Scans the tail and `chunk`; keeps what waits for the next chunk, or hands the rest over to saxes. */
  private scan(chunk: Uint8Array): void {
    const length = this.tail + chunk.length;
    if (this.buffer.length < length + SCAN_PADDING) {
      const grown = Buffer.alloc(Math.max(length + SCAN_PADDING, 2 * this.buffer.length, 1 << 17));
      grown.set(this.buffer.subarray(0, this.tail));
      this.buffer = grown;
    }
    const { buffer, scanner } = this;
    buffer.set(chunk, this.tail);
    for (let i = length; i < length + SCAN_PADDING; i++) buffer[i] = 0;
    let outcome: number;
    try {
      outcome = scanner.scan(buffer, length);
    } catch (error) {
      throw atScannerPosition(error, scanner);
    }
    const stop = scanner.stop;
    if (outcome === SCAN_MORE && length - stop < TAIL_LIMIT) {
      buffer.copyWithin(0, stop, length);
      this.tail = length - stop;
      scanner.rebase(stop);
    } else {
      this.handOver(buffer.subarray(stop, length));
    }
  }

  /** The rest of the document, from the scanner's stop, goes to saxes, which resumes at the scanner's position. */
  private handOver(rest: Uint8Array): void {
    const { parser } = this.feed;
    parser.line = this.scanner.line;
    parser.column = this.scanner.columnAt(this.scanner.stop);
    this.mode = SAXES;
    this.tail = 0;
    // From an element's start (ASCII), a fresh decoder decodes as the one from the file's start would; a U+FEFF
    // there is content, not a byte order mark.
    this.decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    this.feedText(this.decoder.decode(rest, { stream: true }));
    this.buffer = Buffer.alloc(0);
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
