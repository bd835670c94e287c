/**
 * Departures from CSV (spec 2 §5): the separator is a comma; rows without a departureTime are skipped; a missing id
 * is generated (8 characters of a random id, re-drawn until unique in the line, §9); the data is not fully validated
 * and replaces the route's departures. A first row naming the columns (id, departureTime, vehicleRefId,
 * vehicleType, in any order and case) is read as the header; without one the columns are taken in that order.
 */
import { generateId } from '@corridor/changesets';
import type { Departure } from '@corridor/contract';
import { parseTime } from './time.ts';

const COLUMNS = ['id', 'departureTime', 'vehicleRefId', 'vehicleType'] as const;
type Column = (typeof COLUMNS)[number];

/** One line split at commas; a field in double quotes may hold commas, and "" inside it is one quote. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === ',') {
      fields.push(field.trim());
      field = '';
    } else field += char;
  }
  fields.push(quoted ? field : field.trim());
  return fields;
}

export interface CsvImport {
  readonly departures: Departure[];
  /** Rows with content but no departureTime. */
  readonly skipped: number;
}

/**
 * The departures of a CSV text. `taken` holds the line's departure ids outside this route (generated ids avoid
 * them and the ones read here).
 */
export function departuresFromCsv(text: string, taken: ReadonlySet<string> = new Set(), random?: () => string): CsvImport {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return { departures: [], skipped: 0 };
  const first = splitCsvLine(lines[0]!).map((name) => name.toLowerCase());
  const headed = first.includes('departuretime');
  const order: (Column | undefined)[] = headed ? first.map((name) => COLUMNS.find((column) => column.toLowerCase() === name)) : [...COLUMNS];
  const rows = (headed ? lines.slice(1) : lines).map((line) => {
    const fields = splitCsvLine(line);
    const row: Partial<Record<Column, string>> = {};
    order.forEach((column, index) => {
      if (column && fields[index] !== undefined) row[column] = fields[index];
    });
    return row;
  });
  const used = new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
  let skipped = 0;
  const departures: Departure[] = [];
  for (const row of rows) {
    if (!row.departureTime) {
      skipped++;
      continue;
    }
    let id = row.id;
    if (!id) {
      id = generateId((candidate) => used.has(candidate) || taken.has(candidate), random);
      used.add(id);
    }
    departures.push({ id, departureTime: parseTime(row.departureTime), vehicleRefId: row.vehicleRefId ?? '', ...(row.vehicleType ? { vehicleType: row.vehicleType } : {}) });
  }
  return { departures, skipped };
}
