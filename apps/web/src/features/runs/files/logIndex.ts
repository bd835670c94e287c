/** One "Jump to…" entry of the log viewer: an iteration and where its line starts in the text. */
export interface IterationMark {
  iteration: number;
  /** Character offset of the start of the line. */
  offset: number;
}

const ITERATION_BEGINS = /ITERATION (\d+) BEGINS/g;

/**
 * The iterations of a MATSim log ("### ITERATION 3 BEGINS"), in order of appearance, with the offset of the line
 * each starts on. One regular-expression pass over the text, no split into lines: fast for a 2 MB log.
 * A repeated iteration (a restarted run in the same log) keeps its first line.
 */
export function iterationMarks(text: string): IterationMark[] {
  const marks: IterationMark[] = [];
  const seen = new Set<number>();
  for (const match of text.matchAll(ITERATION_BEGINS)) {
    const iteration = Number(match[1]);
    if (seen.has(iteration)) continue;
    seen.add(iteration);
    marks.push({ iteration, offset: text.lastIndexOf('\n', match.index) + 1 });
  }
  return marks;
}

/** The text cut at the marks: segment 0 is before the first mark, segment i+1 starts at mark i. */
export function segmentsAt(text: string, marks: readonly IterationMark[]): string[] {
  const segments: string[] = [];
  let start = 0;
  for (const mark of marks) {
    segments.push(text.slice(start, mark.offset));
    start = mark.offset;
  }
  segments.push(text.slice(start));
  return segments;
}
