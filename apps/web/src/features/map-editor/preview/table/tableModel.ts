/** The network table's rows (spec 2 §2 "Network table panel"): sorting by any column, pages of 30, mixed values. */
import { linkCoordinates, linkOf, type GraphReader } from '@corridor/changesets';
import type { NetworkLink } from '@corridor/contract';
import { sortItems, type SortDirection, type SortValue } from '../../../../components/sorting.ts';
import { NUMERIC_FIELDS, type NumericField } from '../link/linkForm.ts';

/** Spec 2 §9. */
export const PAGE_SIZE = 30;

export const COLUMNS = ['bearing', 'id', ...NUMERIC_FIELDS, 'modes', 'direction'] as const;
export type ColumnKey = (typeof COLUMNS)[number];

export interface LinkRow {
  readonly link: NetworkLink;
  /** Compass bearing from the from-node to the to-node in degrees (0 north, clockwise): the arrow's angle. */
  readonly bearing: number | undefined;
}

export function bearingOf(graph: GraphReader, link: NetworkLink): number | undefined {
  const ends = linkCoordinates(graph, link);
  if (!ends) return undefined;
  const [[lng1, lat1], [lng2, lat2]] = ends;
  const dx = (lng2 - lng1) * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  const degrees = (Math.atan2(dx, lat2 - lat1) * 180) / Math.PI;
  return (degrees + 360) % 360;
}

/** The table's rows for the selected link ids that are loaded (deleted links drop out of the table). */
export function linkRows(graph: GraphReader, linkIds: readonly string[]): LinkRow[] {
  const rows: LinkRow[] = [];
  for (const id of linkIds) {
    const link = linkOf(graph, id);
    if (link) rows.push({ link, bearing: bearingOf(graph, link) });
  }
  return rows;
}

function sortValue(row: LinkRow, column: ColumnKey): SortValue {
  switch (column) {
    case 'bearing':
      return row.bearing;
    case 'modes':
      return row.link.modes.join(', ');
    case 'direction':
      return `${row.link.fromId} → ${row.link.toId}`;
    default:
      return row.link[column];
  }
}

export interface TableSort {
  column: ColumnKey;
  direction: SortDirection;
}

export const sortRows = (rows: readonly LinkRow[], sort: TableSort) => sortItems(rows, (row) => sortValue(row, sort.column), sort.direction);

/** Clicking a header sorts by it ascending; clicking the sorted column again flips the direction. */
export const nextSort = (sort: TableSort, column: ColumnKey): TableSort =>
  sort.column === column ? { column, direction: sort.direction === 'asc' ? 'desc' : 'asc' } : { column, direction: 'asc' };

export const pageCount = (total: number, size = PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/** Rows of a 1-based page; a page past the end shows the last one. */
export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE): T[] {
  const last = pageCount(rows.length, size);
  const current = Math.min(Math.max(1, page), last);
  return rows.slice((current - 1) * size, current * size);
}

export interface CommonValues {
  capacity?: number;
  freespeed?: number;
  lanes?: number;
  length?: number;
  modes?: string[];
}

/** The value all links share per field; a field whose values differ ("mixed") is left out. */
export function commonValues(links: readonly NetworkLink[]): CommonValues {
  const common: CommonValues = {};
  const [first, ...rest] = links;
  if (!first) return common;
  for (const field of NUMERIC_FIELDS) {
    if (rest.every((link) => link[field] === first[field])) common[field] = first[field];
  }
  const modes = [...first.modes].sort().join('\u0000');
  if (rest.every((link) => [...link.modes].sort().join('\u0000') === modes)) common.modes = [...first.modes];
  return common;
}

export type { NumericField };
