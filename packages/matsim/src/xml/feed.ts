/**
 * The saxes parser behind every XML reader, wired to a handler with this layer's checks and errors, with no Node
 * dependency: `sax.ts` feeds it decompressed file chunks, `parseConfigText` a string in the browser.
 *
 * Safety: saxes never fetches anything and does not expand entities declared in a DTD. On top of that any
 * DOCTYPE with an internal subset (`[...]`, where entity declarations live) is refused outright, so neither XXE
 * nor entity-expansion ("billion laughs") payloads get anywhere. MATSim's own DOCTYPEs carry only a SYSTEM id.
 * saxes collects a text (or comment, or tag) whole before reporting it, so the text between two start tags is
 * bounded too (`MAX_XML_RUN`, `too-large`): gigabytes of spaces inside `<network>` never become one string.
 */
import { SaxesParser } from 'saxes';
import { MatsimFormatError } from '../errors.ts';

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

/** Characters between two start tags at most (MATSim files have a few hundred; long attribute texts a few KB). */
export const MAX_XML_RUN = 16 * 2 ** 20;

/** The parser behind `readXml`, for readers that feed text themselves. */
export function createXmlFeed(handler: XmlHandler): XmlFeed {
  const parser = new SaxesParser({ position: true });
  /** Where the last start tag ended, and how much text was written (saxes' `position` is exact only inside events). */
  let lastOpen = 0;
  let written = 0;
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
    lastOpen = parser.position;
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
      written += chunk.length;
      if (failure) throw failure;
      if (written - lastOpen > MAX_XML_RUN) {
        throw new MatsimFormatError(
          'too-large',
          `The XML has more than ${MAX_XML_RUN / 2 ** 20} Mi characters without a start tag: a text, comment or tag that long is not read.`,
          parser.line,
          parser.column,
        );
      }
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
