/** The list shows the most recently changed dashboard first; equal times keep a stable order by id. */
export function byModifiedDesc<T extends { id: number; modified: string }>(dashboards: readonly T[]): T[] {
  return [...dashboards].sort((a, b) => Date.parse(b.modified) - Date.parse(a.modified) || a.id - b.id);
}
