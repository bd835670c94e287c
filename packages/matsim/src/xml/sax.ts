/**
 * The one streaming XML layer every MATSim reader uses: saxes (strict, well-formedness errors with line and
 * column) fed with decompressed text chunks, so memory stays flat however large the file is.
 *
 * Safety: saxes never fetches anything and does not expand entities declared in a DTD. On top of that any
 * DOCTYPE with an internal subset (`[...]`, where entity declarations live) is refused outright, so neither XXE
 * nor entity-expansion ("billion laughs") payloads get anywhere. MATSim's own DOCTYPEs carry only a SYSTEM id.
 */
import { SaxesParser } from 'saxes';
import { MatsimFormatError } from '../errors.ts';
import { openText, type Input } from '../io/input.ts';

export type XmlAttributes = Record<string, string>;

/** Callbacks of a reader. Each may throw a MatsimFormatError to stop parsing (e.g. an unexpected root). */
export interface XmlHandler {
  open?(name: string, attributes: XmlAttributes): void;
  close?(name: string): void;
  /** Character data between tags (not trimmed; may arrive in pieces). */
  text?(text: string): void;
  doctype?(doctype: string): void;
  comment?(comment: string): void;
}

export interface ReadXmlOptions {
  signal?: AbortSignal;
}

/** Parses the whole input, calling the handler as it goes. Rejects with a MatsimFormatError on bad input. */
export async function readXml(input: Input, handler: XmlHandler, options: ReadXmlOptions = {}): Promise<void> {
  for await (const _ of readXmlChunks(input, handler, options));
}

/**
 * `readXml` that pauses after each decompressed chunk (~64 KiB), so a streaming reader can hand out what its
 * callbacks collected in batches, holding one chunk's worth at a time. Throws like `readXml`.
 */
export async function* readXmlChunks(input: Input, handler: XmlHandler, options: ReadXmlOptions = {}): AsyncGenerator<void> {
  const feed = createXmlFeed(handler);
  for await (const chunk of openText(input)) {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
    feed.write(chunk);
    yield;
  }
  feed.close();
}

/** A saxes parser wired to a handler with this layer's checks and errors, fed text by the caller. */
export interface XmlFeed {
  /**
   * The parser itself: its `line` and `column` (public and writable in saxes) let a caller that scanned part of
   * the text on its own (the events fast path) resume the parser at the right position.
   */
  readonly parser: SaxesParser;
  /** Parses more text; throws the first error of the document so far. */
  write(text: string): void;
  /** Ends the document: throws if it is incomplete or had an error. */
  close(): void;
}

/** The parser behind `readXml`, for readers that feed text themselves. */
export function createXmlFeed(handler: XmlHandler): XmlFeed {
  const parser = new SaxesParser({ position: true });
  let failure: unknown;
  const fail = (error: unknown) => {
    failure ??= error;
  };
  const guard = <A extends unknown[]>(fn: ((...args: A) => void) | undefined) =>
    fn &&
    ((...args: A) => {
      if (failure) return;
      try {
        fn(...args);
      } catch (error) {
        fail(withPosition(error, parser));
      }
    });

  let sawRoot = false;
  // Called once per element of multi-GB files: no rest-argument wrapper here, unlike the rarer callbacks.
  const open = handler.open?.bind(handler);
  parser.on('opentag', (tag) => {
    sawRoot = true;
    if (open === undefined || failure) return;
    try {
      open(tag.name, tag.attributes as XmlAttributes);
    } catch (error) {
      fail(withPosition(error, parser));
    }
  });
  const close = guard(handler.close?.bind(handler));
  if (close) parser.on('closetag', (tag) => close(tag.name));
  const text = guard(handler.text?.bind(handler));
  if (text) parser.on('text', text);
  const comment = guard(handler.comment?.bind(handler));
  if (comment) parser.on('comment', comment);
  const doctype = guard(handler.doctype?.bind(handler));
  parser.on('doctype', (value) => {
    if (value.includes('[')) {
      fail(
        new MatsimFormatError(
          'forbidden-doctype',
          'The DOCTYPE declares entities or other markup; such files are not read, for safety.',
          parser.line,
          parser.column,
        ),
      );
      return;
    }
    doctype?.(value);
  });
  parser.on('error', (error) => fail(toFormatError(error, parser)));

  return {
    parser,
    write(chunk) {
      parser.write(chunk);
      if (failure) throw failure;
    },
    close() {
      if (!sawRoot) throw new MatsimFormatError('malformed-xml', 'The file contains no XML element.');
      parser.close();
      if (failure) throw failure;
    },
  };
}

/** A reader's own error (a missing attribute, a bad number) gets the parser's position when it has none. */
function withPosition(error: unknown, parser: SaxesParser): unknown {
  if (!(error instanceof MatsimFormatError) || error.line !== undefined) return error;
  return new MatsimFormatError(error.code, error.message, parser.line, parser.column);
}

function toFormatError(error: Error, parser: SaxesParser): MatsimFormatError {
  // saxes prefixes messages with "line:column: "; keep the reason only, the position is carried separately.
  const reason = error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '');
  const truncated = /unclosed|unexpected end/i.test(reason);
  return new MatsimFormatError(
    truncated ? 'truncated' : 'malformed-xml',
    truncated ? `The XML ends early: ${reason}` : `Malformed XML: ${reason}`,
    parser.line,
    parser.column,
  );
}

/** Throws unless the root element is one of `expected` (call from a reader's first `open`). */
export function expectRoot(name: string, expected: readonly string[], format: string): void {
  if (!expected.includes(name)) {
    throw new MatsimFormatError('unexpected-root', `Not a ${format} file: the root element is <${name}>, expected <${expected.join('> or <')}>.`);
  }
}
