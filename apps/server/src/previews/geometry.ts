/**
 * One streaming pass over a network file into flat arrays: node coordinates by index and links as node-index pairs
 * with the value to colour by. No `Network` objects are kept, so a million-link network costs tens of MB here, not
 * the hundreds of a full model.
 */
import { streamNetwork, type Input, type InputOptions, type Link } from '@corridor/matsim';
import { emptyBounds, extend, type Bounds } from './frame.ts';

export interface NetworkGeometry {
  /** Node coordinates, by node index. */
  xs: number[];
  ys: number[];
  /** Null without nodes with finite coordinates. */
  bounds: Bounds | null;
  /** Per link: node indices and the value to colour by. */
  from: number[];
  to: number[];
  values: number[];
}

/** What a link is coloured by, given the network's capacity period in seconds. */
export type LinkValue = (link: Link, capperiod: number) => number;

export async function readGeometry(input: Input, value: LinkValue, options: InputOptions = {}): Promise<NetworkGeometry> {
  const index = new Map<string, number>();
  const geometry: NetworkGeometry = { xs: [], ys: [], bounds: null, from: [], to: [], values: [] };
  const bounds = emptyBounds();
  let capperiod = 3600;
  await streamNetwork(input, {
    onNode(node) {
      if (!Number.isFinite(node.x) || !Number.isFinite(node.y)) return;
      index.set(node.id, geometry.xs.length);
      geometry.xs.push(node.x);
      geometry.ys.push(node.y);
      extend(bounds, node.x, node.y);
    },
    onLinksStart(info) {
      capperiod = info.capperiod;
    },
    onLink(link) {
      const from = index.get(link.from);
      const to = index.get(link.to);
      // A link to a missing node cannot be drawn; the network's own validation reports it elsewhere.
      if (from === undefined || to === undefined) return;
      geometry.from.push(from);
      geometry.to.push(to);
      geometry.values.push(value(link, capperiod));
    },
  }, options);
  if (geometry.xs.length > 0) geometry.bounds = bounds;
  return geometry;
}
