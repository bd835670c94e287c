export type SortDirection = 'asc' | 'desc';

/** A sort value of an item: text sorts naturally ("run 2" before "run 10"), numbers numerically. */
export type SortValue = string | number | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** A sorted copy; items without a value come last in both directions. */
export function sortItems<T>(items: readonly T[], value: (item: T) => SortValue, direction: SortDirection): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort((x, y) => {
    const a = value(x);
    const b = value(y);
    // Missing values go last whatever the direction is, so the rows that have one stay together.
    if (a == null || b == null) return Number(a == null) - Number(b == null);
    return sign * compareValues(a, b);
  });
}
