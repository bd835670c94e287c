/** What went wrong with a MATSim file, so callers can show it and tests can assert it. */
export type MatsimErrorCode =
  | 'malformed-xml' // not well-formed XML (with line/column)
  | 'forbidden-doctype' // a DOCTYPE declaring more than bounded internal entities (external, parameter, too many/long/deep)
  | 'unexpected-root' // well-formed, but not the format the reader was asked for
  | 'invalid-value' // a value that cannot be what the format says (a non-numeric coordinate, …)
  | 'truncated' // the data ends early (cut gzip/zstd stream, missing end tags)
  | 'corrupt-compression' // the gzip or zstd data is damaged
  | 'too-large' // more decompressed bytes than the caller's bound (`InputOptions.maxBytes`)
  | 'malformed-csv'; // a table that cannot be read

export class MatsimFormatError extends Error {
  override readonly name = 'MatsimFormatError';
  constructor(
    readonly code: MatsimErrorCode,
    /** The message without the position. */
    readonly reason: string,
    /** 1-based position in the (decompressed) text, when known. */
    readonly line?: number,
    readonly column?: number,
  ) {
    super(line !== undefined ? `${reason} (line ${line}, column ${column ?? 0})` : reason);
  }
}
