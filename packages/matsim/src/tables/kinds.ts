/**
 * Which MATSim output table a header line belongs to. Shared by the table readers (to check they were given the
 * right file) and by the sniffer, so the two never disagree about what a header means.
 */

/** Output tables recognised by their header line (see `TAGS` in `sniff/tags.ts` for one line on each). */
export type TableKind =
  | 'scorestats'
  | 'modestats'
  | 'ph_modestats'
  | 'pkm_modestats'
  | 'modeChoiceCoverage'
  | 'traveldistancestats'
  | 'stopwatch'
  | 'trips'
  | 'legs'
  | 'persons'
  | 'activities'
  | 'links'
  | 'legHistogram'
  | 'legdurations'
  | 'countscompare'
  | 'countscompareAWTV';

/** `;` for the CSV files (MATSim ≥ 2024 and every trips/legs export), tab for the older `.txt` statistics. */
export type Delimiter = ';' | '\t' | ',';

/**
 * The delimiter of a header line: the most frequent of `;`, tab and `,` (ties in that order, since `;` is MATSim's
 * `global.defaultDelimiter`). A single-column header counts as `;`.
 */
export function detectDelimiter(headerLine: string): Delimiter {
  let best: Delimiter = ';';
  let bestCount = 0;
  for (const candidate of [';', '\t', ','] as const) {
    const count = headerLine.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

const isIteration = (cell: string | undefined) => cell?.toLowerCase() === 'iteration';
const startsWith = (columns: readonly string[], ...prefix: string[]) => prefix.every((name, i) => columns[i] === name);

/** Per-mode statistics share one shape, `iteration;<column per mode>`, whatever the numbers mean. */
function isPerModeTable(columns: readonly string[]): boolean {
  return isIteration(columns[0]) && columns.length > 1 && columns.slice(1).every((c) => c !== '' && !/\s/.test(c));
}

/**
 * Every kind whose header this is, most specific first. More than one kind comes back only for the per-mode tables
 * (`Iteration\tcar` is modestats.txt, pkm_modestats.txt and modeChoiceCoverage alike): the values or the file name
 * must decide between them.
 */
export function tableKindsOf(columns: readonly string[]): TableKind[] {
  const [first, second] = columns;
  if (isIteration(first)) {
    if (columns.includes('avg_executed') || columns.includes('avg. EXECUTED')) return ['scorestats'];
    if (columns.some((c) => /^avg\. Average (Leg|Trip) distance$/.test(c))) return ['traveldistancestats'];
    if (second?.startsWith('BEGIN ')) return ['stopwatch'];
    if (isPerModeTable(columns)) {
      const rest = columns.slice(1);
      if (rest.every((c) => /_(travel|wait)$/.test(c))) return ['ph_modestats'];
      // MATSim ≥ 2024 writes modestats with a lower-case `iteration` and pkm_modestats with `Iteration`.
      if (first === 'iteration') return ['modestats'];
      return ['modestats', 'pkm_modestats', 'modeChoiceCoverage'];
    }
    return [];
  }
  if (startsWith(columns, 'person', 'trip_number', 'trip_id')) return ['trips'];
  if (startsWith(columns, 'person', 'trip_id', 'dep_time')) return ['legs'];
  if (startsWith(columns, 'person', 'executed_score')) return ['persons'];
  if (startsWith(columns, 'person', 'activity_number', 'activity_id')) return ['activities'];
  if (startsWith(columns, 'link', 'from_node', 'to_node')) return ['links'];
  if (startsWith(columns, 'time', 'time', 'departures_all')) return ['legHistogram'];
  if (startsWith(columns, 'pattern', '0+')) return ['legdurations'];
  if (startsWith(columns, 'Link Id', 'Count Station Id', 'Hour')) return ['countscompare'];
  if (startsWith(columns, 'Link Id', 'Count Station Id', 'MATSIM volumes')) return ['countscompareAWTV'];
  return [];
}
