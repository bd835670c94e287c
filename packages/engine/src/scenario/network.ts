/**
 * The matsim Network as flat typed arrays (SimNetwork): the mobsim and the router index links and nodes by
 * number, so the hot loops never touch Maps or strings.
 */
import type { Network } from '@corridor/matsim';
import type { SimNetwork } from '../core/types.ts';

export function buildSimNetwork(network: Network, carMode = 'car'): SimNetwork {
  const nodeIds = [...network.nodes.keys()];
  const nodeIndex = new Map(nodeIds.map((id, i) => [id, i]));
  const linkIds = [...network.links.keys()];
  const linkIndex = new Map(linkIds.map((id, i) => [id, i]));
  const nLinks = linkIds.length;
  const nNodes = nodeIds.length;
  const from = new Int32Array(nLinks);
  const to = new Int32Array(nLinks);
  const length = new Float64Array(nLinks);
  const freespeed = new Float64Array(nLinks);
  const capacityPerHour = new Float64Array(nLinks);
  const permlanes = new Float64Array(nLinks);
  const allowsCar = new Uint8Array(nLinks);
  const perHour = 3600 / (network.capperiod || 3600);
  let i = 0;
  for (const link of network.links.values()) {
    const f = nodeIndex.get(link.from);
    const t = nodeIndex.get(link.to);
    if (f === undefined || t === undefined) throw new Error(`Link ${link.id} refers to a missing node.`);
    from[i] = f;
    to[i] = t;
    length[i] = link.length;
    freespeed[i] = link.freespeed;
    capacityPerHour[i] = link.capacity * perHour;
    permlanes[i] = link.permlanes;
    allowsCar[i] = link.modes.includes(carMode) ? 1 : 0;
    i++;
  }
  const x = new Float64Array(nNodes);
  const y = new Float64Array(nNodes);
  let n = 0;
  for (const node of network.nodes.values()) {
    x[n] = node.x;
    y[n] = node.y;
    n++;
  }
  const [outStart, outLinks] = csr(nNodes, from);
  const [inStart, inLinks] = csr(nNodes, to);
  return {
    linkIds,
    nodeIds,
    linkIndex,
    nodeIndex,
    from,
    to,
    length,
    freespeed,
    capacityPerHour,
    permlanes,
    allowsCar,
    x,
    y,
    outStart,
    outLinks,
    inStart,
    inLinks,
    effectiveCellSize: network.effectivecellsize ?? 7.5,
  };
}

/** Links grouped by a node (compressed sparse rows), in link order within each node. */
function csr(nNodes: number, nodeOf: Int32Array): [Int32Array, Int32Array] {
  const start = new Int32Array(nNodes + 1);
  for (const node of nodeOf) start[node + 1]!++;
  for (let n = 0; n < nNodes; n++) start[n + 1]! += start[n]!;
  const fill = start.slice(0, nNodes);
  const links = new Int32Array(nodeOf.length);
  nodeOf.forEach((node, link) => {
    links[fill[node]!++] = link;
  });
  return [start, links];
}
