/**
 * Streaming reader for MATSim's delimited output tables: `;`-separated `.csv` (also gzip/zstd) and the older
 * tab-separated `.txt` statistics. The header line decides the delimiter; rows are parsed by csv-parse as the
 * decompressed bytes arrive, so a large legs or links table never sits in memory as one string.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse, type Info } from 'csv-parse';
import { MatsimFormatError } from '../errors.ts';
import { openInput, type Input, type InputOptions } from '../io/input.ts';
import { detectDelimiter, tableKindsOf, type Delimiter, type TableKind } from './kinds.ts';

export interface TableStream {
  columns: string[];
  delimiter: Delimiter;
  /**
   * The data rows, each as its cells. Surplus empty cells at the end of a row are dropped (older MATSim wrote a
   * trailing delimiter on every row); a row may still be longer or shorter than the header.
   */
  rows: AsyncGenerator<string[]>;
  /** 1-based line of the last row yielded, for error messages. */
  readonly line: number;
}

const NEWLINE = 0x0a;
const MAX_HEADER_BYTES = 1 << 20;

/**
 * Opens a table and reads its header. With `kind`, the header must be one of that kind, else the promise rejects
 * with `unexpected-root`. Consume `rows` to the end or `return()` it to release the input.
 */
export async function readTable(input: Input, kind?: TableKind, options: InputOptions = {}): Promise<TableStream> {
  const source = openInput(input, options);
  const head: Uint8Array[] = [];
  let headSize = 0;
  let headerEnd = -1;
  while (headerEnd < 0) {
    const next = await source.next();
    if (next.done) break;
    const at = next.value.indexOf(NEWLINE);
    if (at >= 0) headerEnd = headSize + at;
    head.push(next.value);
    headSize += next.value.length;
    if (headerEnd < 0 && headSize > MAX_HEADER_BYTES) {
      await source.return(undefined);
      throw new MatsimFormatError('malformed-csv', 'No header line in the first megabyte: not a MATSim table.');
    }
  }
  const headerText = new TextDecoder().decode(Buffer.concat(head).subarray(0, headerEnd < 0 ? headSize : headerEnd));
  const headerLine = headerText.replace(/^\uFEFF/, '').replace(/\r$/, '');
  if (headerLine.trim() === '') {
    await source.return(undefined);
    throw new MatsimFormatError('malformed-csv', 'The table is empty: there is no header line.', 1);
  }
  const delimiter = detectDelimiter(headerLine);

  const parser = parse({
    delimiter,
    relax_column_count: true,
    // Older writers did not quote: a stray `"` inside a cell is data, not a syntax error.
    relax_quotes: true,
    skip_empty_lines: true,
    bom: true,
    info: true,
  });
  async function* replay(): AsyncGenerator<Uint8Array> {
    yield* head;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  }
  const feeding = pipeline(Readable.from(replay(), { objectMode: false }), parser);
  feeding.catch(() => undefined); // surfaced through the parser's iterator below
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: Info }>;

  let line = 1;
  const nextRecord = async (): Promise<string[] | undefined> => {
    try {
      const next = await records.next();
      if (next.done) return undefined;
      line = next.value.info.lines;
      return next.value.record;
    } catch (error) {
      throw toFormatError(error, line);
    }
  };
  const close = async () => {
    parser.destroy();
    await source.return(undefined);
    await feeding.catch(() => undefined);
  };

  let columns: string[];
  try {
    columns = (await nextRecord()) ?? [];
  } catch (error) {
    await close();
    throw error;
  }
  if (kind && !tableKindsOf(columns).includes(kind)) {
    await close();
    throw new MatsimFormatError('unexpected-root', `Not a ${kind} table: the header is "${headerLine.slice(0, 200)}".`, 1);
  }

  async function* rows(): AsyncGenerator<string[]> {
    try {
      for (let cells = await nextRecord(); cells; cells = await nextRecord()) {
        while (cells.length > columns.length && cells[cells.length - 1] === '') cells.pop();
        yield cells;
      }
    } finally {
      await close();
    }
  }
  return {
    columns,
    delimiter,
    rows: rows(),
    get line() {
      return line;
    },
  };
}

function toFormatError(error: unknown, line: number): unknown {
  if (error instanceof MatsimFormatError) return error;
  if (error instanceof CsvError) return new MatsimFormatError('malformed-csv', `Malformed table: ${error.message}`, line + 1);
  return error;
}

/**
 * The rows of a table as `{column: cell}` records (trips, legs, persons, activities, links, …). Missing cells are
 * empty strings; a row with more non-empty cells than the header has columns is rejected as `malformed-csv`.
 */
export async function* readCsvRows(input: Input, kind?: TableKind): AsyncGenerator<Record<string, string>> {
  const table = await readTable(input, kind);
  const { columns } = table;
  for await (const cells of table.rows) {
    if (cells.length > columns.length) {
      throw new MatsimFormatError(
        'malformed-csv',
        `A row has ${cells.length} cells but the header has ${columns.length} columns.`,
        table.line,
      );
    }
    const record: Record<string, string> = {};
    for (let i = 0; i < columns.length; i++) record[columns[i]!] = cells[i] ?? '';
    yield record;
  }
}
