/**
 * The one streaming XML layer every MATSim reader uses: saxes (strict, well-formedness errors with line and
 * column) fed with decompressed text chunks, so memory stays flat however large the file is. The parser and its
 * safety checks live in `feed.ts`.
 */
import { openText, type Input, type InputOptions } from '../io/input.ts';
import { createXmlFeed, type XmlHandler } from './feed.ts';

export * from './feed.ts';

export interface ReadXmlOptions extends InputOptions {
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
  for await (const chunk of openText(input, options)) {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
    feed.write(chunk);
    yield;
  }
  feed.close();
}
