import type { LinkData } from '@corridor/changesets';

export function Histogram(_props: { links: readonly LinkData[]; onBrush: (ids: ReadonlySet<string> | null) => void; onKeepOnly: (ids: ReadonlySet<string>) => void }) {
  return null;
}
