export type Separator = ';' | ',' | '\t';

/** Ties go to the first: MATSim writes `;`, its older statistics tab-separated, other tools `,`. */
const CANDIDATES: readonly Separator[] = [';', '\t', ','];

/**
 * The separator of a CSV/TXT file from its header line: the candidate that occurs most often outside double
 * quotes. A line with none of them (one column) reads the same with any, so it gets `,`.
 */
export function detectSeparator(firstLine: string): Separator {
  const counts = new Map<Separator, number>(CANDIDATES.map((c) => [c, 0]));
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch as Separator)) counts.set(ch as Separator, counts.get(ch as Separator)! + 1);
  }
  let best: Separator = ',';
  let most = 0;
  for (const c of CANDIDATES) {
    const n = counts.get(c)!;
    if (n > most) [best, most] = [c, n];
  }
  return best;
}

/** The cells of a header line split at `separator` outside double quotes (quotes removed, `""` kept as `"`). */
export function headerCells(line: string, separator: Separator): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = !quoted;
    } else if (ch === separator && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}
