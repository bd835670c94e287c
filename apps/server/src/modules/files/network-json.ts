/**
 * Networks as JSON (nodes and links as the file has them) and as GeoJSON (links as LineStrings in the file's own
 * CRS, named in a `crs` member). Read in one streaming pass (in a worker thread, `workers/tasks.ts`); a network
 * with more links or nodes than the limit is refused rather than built in memory, and so is one with more
 * decompressed bytes than `maxBytes`.
 */
import { MatsimFormatError, streamNetwork, type Input, type Link, type NetworkCallbacks } from '@corridor/matsim';

export class NetworkTooLargeError extends Error {
  override readonly name = 'NetworkTooLargeError';
  constructor(
    readonly max: number,
    readonly what: 'links' | 'nodes',
  ) {
    super(`The network has more than ${max} ${what}.`);
  }
}

export interface NetworkJsonLimits {
  /** Links at most, and twice as many nodes (networks have fewer nodes than links). */
  maxLinks: number;
  /** Decompressed bytes at most. */
  maxBytes?: number;
}

export interface NetworkJson {
  crs: string | null;
  nodes: { id: string; x: number; y: number }[];
  links: (LinkProperties & { id: string })[];
}

interface LinkProperties {
  from: string;
  to: string;
  length: number;
  freespeed: number;
  capacity: number;
  permlanes: number;
  modes: string[];
}

const properties = (link: Link): LinkProperties => ({
  from: link.from,
  to: link.to,
  length: link.length,
  freespeed: link.freespeed,
  capacity: link.capacity,
  permlanes: link.permlanes,
  modes: [...link.modes],
});

/** Streams the network with both counts bounded (`NetworkJsonLimits.maxLinks`). */
function streamBounded(input: Input, limits: NetworkJsonLimits, callbacks: Required<Pick<NetworkCallbacks, 'onNode' | 'onLink'>>) {
  let nodes = 0;
  let links = 0;
  return streamNetwork(
    input,
    {
      onNode: (node) => {
        if (++nodes > 2 * limits.maxLinks) throw new NetworkTooLargeError(2 * limits.maxLinks, 'nodes');
        callbacks.onNode(node);
      },
      onLink: (link) => {
        if (++links > limits.maxLinks) throw new NetworkTooLargeError(limits.maxLinks, 'links');
        callbacks.onLink(link);
      },
    },
    { maxBytes: limits.maxBytes },
  );
}

export async function networkAsJson(input: Input, limits: NetworkJsonLimits): Promise<NetworkJson> {
  const nodes: NetworkJson['nodes'] = [];
  const links: NetworkJson['links'] = [];
  const info = await streamBounded(input, limits, {
    onNode: (n) => void nodes.push({ id: n.id, x: n.x, y: n.y }),
    onLink: (l) => void links.push({ id: l.id, ...properties(l) }),
  });
  return { crs: info.crs ?? null, nodes, links };
}

export async function networkAsGeoJson(input: Input, limits: NetworkJsonLimits) {
  const coords = new Map<string, [number, number]>();
  const features: unknown[] = [];
  const info = await streamBounded(input, limits, {
    onNode: (n) => void coords.set(n.id, [n.x, n.y]),
    onLink: (l) => {
      const from = coords.get(l.from);
      const to = coords.get(l.to);
      if (!from || !to) throw new MatsimFormatError('invalid-value', `Link ${l.id} refers to a node that is not in the network.`);
      features.push({ type: 'Feature', id: l.id, geometry: { type: 'LineString', coordinates: [from, to] }, properties: { id: l.id, ...properties(l) } });
    },
  });
  const crs = info.crs ?? null;
  return {
    type: 'FeatureCollection',
    // GeoJSON 2008's named CRS: RFC 7946 assumes WGS 84, but MATSim networks are in projected coordinates.
    crs: crs ? { type: 'name', properties: { name: crs } } : null,
    features,
  };
}
