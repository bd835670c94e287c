/**
 * Networks as JSON (nodes and links as the file has them) and as GeoJSON (links as LineStrings in the file's own
 * CRS, named in a `crs` member). Read in one streaming pass; a network with more links than the limit is
 * refused rather than built in memory.
 */
import { MatsimFormatError, streamNetwork, type Input, type Link } from '@corridor/matsim';

export class NetworkTooLargeError extends Error {
  constructor(readonly maxLinks: number) {
    super(`The network has more than ${maxLinks} links.`);
  }
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

export async function networkAsJson(input: Input, maxLinks: number): Promise<NetworkJson> {
  const nodes: NetworkJson['nodes'] = [];
  const links: NetworkJson['links'] = [];
  const info = await streamNetwork(input, {
    onNode: (n) => void nodes.push({ id: n.id, x: n.x, y: n.y }),
    onLink: (l) => {
      if (links.length >= maxLinks) throw new NetworkTooLargeError(maxLinks);
      links.push({ id: l.id, ...properties(l) });
    },
  });
  return { crs: info.crs ?? null, nodes, links };
}

export async function networkAsGeoJson(input: Input, maxLinks: number) {
  const coords = new Map<string, [number, number]>();
  const features: unknown[] = [];
  const info = await streamNetwork(input, {
    onNode: (n) => void coords.set(n.id, [n.x, n.y]),
    onLink: (l) => {
      if (features.length >= maxLinks) throw new NetworkTooLargeError(maxLinks);
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
