/**
 * The saxes parser behind every XML reader, wired to a handler with this layer's checks and errors, with no Node
 * dependency: `sax.ts` feeds it decompressed file chunks, `parseConfigText` a string in the browser.
 *
 * Safety: saxes never fetches anything and knows no entities but XML's five. A DOCTYPE's internal subset is read
 * by `doctype.ts`: internal entities with plain string values are expanded within its bounds (their number, their
 * length, their nesting, and here the total they expand to in the document); anything else — external entities
 * (XXE), parameter entities, entity-expansion bombs — is refused (`forbidden-doctype`) before any content is read.
 * Handlers see the DOCTYPE without its internal subset (`config SYSTEM "…/config_v2.dtd"`).
 * saxes collects a text (or comment, or tag) whole before reporting it, so the text between two start tags is
 * bounded too (`MAX_XML_RUN`, `too-large`): gigabytes of spaces inside `<network>` never become one string.
 */
import { SaxesParser } from 'saxes';
import { MatsimFormatError } from '../errors.ts';
import { MAX_ENTITY_EXPANSION, parseDoctype, RefusedDoctype } from './doctype.ts';

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
  const refuse = (reason: string) =>
    fail(new MatsimFormatError('forbidden-doctype', `${reason}; such files are not read, for safety.`, parser.line, parser.column));
  parser.on('doctype', (value) => {
    try {
      const { external, entities } = parseDoctype(value);
      declareEntities(parser, entities, refuse);
      doctype?.(external);
    } catch (error) {
      if (!(error instanceof RefusedDoctype)) throw error;
      refuse(error.message);
    }
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

/**
 * Lets saxes expand the declared entities, counting what every reference adds to the document: past
 * `MAX_ENTITY_EXPANSION` characters in all, the document is refused and the reference expands to nothing.
 */
function declareEntities(parser: SaxesParser, entities: ReadonlyMap<string, string>, refuse: (reason: string) => void): void {
  let expanded = 0;
  for (const [name, value] of entities) {
    Object.defineProperty(parser.ENTITIES, name, {
      enumerable: true,
      get() {
        expanded += value.length;
        if (expanded <= MAX_ENTITY_EXPANSION) return value;
        refuse(`The document's entity references expand to more than ${MAX_ENTITY_EXPANSION / 2 ** 20} Mi characters`);
        return '';
      },
    });
  }
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
