/**
 * The demo city's road grid: `size` × `size` nodes `spacing` metres apart, every neighbour pair joined by a link in
 * each direction. A ring road and a central cross are arterials, every other street is local, so the network has
 * the two road classes a first simulation needs to show congestion moving to the faster roads.
 */
import { JAVA_STRING, type Link, type Network, type Node } from '@corridor/matsim';

export interface GridOptions {
  size: number;
  spacing: number;
  /** South-west corner in the CRS's metres. */
  origin: { x: number; y: number };
  crs: string;
}

/** One urban lane's saturation flow, and 50 km/h. */
const ARTERIAL = { capacity: 1800, freespeed: 13.9, type: 'arterial' } as const;
/** A residential street: a third of the flow at 30 km/h. */
const LOCAL = { capacity: 600, freespeed: 8.3, type: 'local' } as const;

export function nodeId(column: number, row: number, size: number): string {
  return String(row * size + column + 1);
}

export function gridNetwork({ size, spacing, origin, crs }: GridOptions): Network {
  const nodes = new Map<string, Node>();
  const links = new Map<string, Link>();
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      const id = nodeId(column, row, size);
      nodes.set(id, { id, x: origin.x + column * spacing, y: origin.y + row * spacing });
    }
  }
  const arterialLine = (index: number) => index === 0 || index === size - 1 || index === Math.floor(size / 2);
  const connect = (a: string, b: string, arterial: boolean) => {
    const kind = arterial ? ARTERIAL : LOCAL;
    for (const [from, to] of [[a, b], [b, a]] as const) {
      const id = `${from}_${to}`;
      links.set(id, {
        id,
        from,
        to,
        length: spacing,
        freespeed: kind.freespeed,
        capacity: kind.capacity,
        permlanes: 1,
        oneway: true,
        modes: ['car'],
        attributes: new Map([['type', { class: JAVA_STRING, text: kind.type }]]),
      });
    }
  };
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      const here = nodeId(column, row, size);
      // An east-west street lies on a row, a north-south street on a column.
      if (column + 1 < size) connect(here, nodeId(column + 1, row, size), arterialLine(row));
      if (row + 1 < size) connect(here, nodeId(column, row + 1, size), arterialLine(column));
    }
  }
  return { name: 'Corridor demo city', crs, capperiod: 3600, nodes, links };
}
