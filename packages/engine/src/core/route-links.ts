/**
 * A network route's links as indices of the SimNetwork, worked out once per route object and remembered (routes
 * are replaced, never edited, when a plan is routed again), so the mobsim and prepareForMobsim do not split and
 * look up the same route text in every iteration.
 */
import { routeLinkIds, type Route } from '@corridor/matsim';
import type { SimNetwork } from './types.ts';

const known = new WeakMap<Route, { network: SimNetwork; links: Int32Array | undefined }>();

/** The route's link indices; undefined when it lists no links or a link that is not in the network. */
export function routeLinkIndices(route: Route, network: SimNetwork): Int32Array | undefined {
  const entry = known.get(route);
  if (entry !== undefined && entry.network === network) return entry.links;
  const ids = routeLinkIds(route);
  let links: Int32Array | undefined;
  if (ids !== undefined && ids.length > 0) {
    links = new Int32Array(ids.length);
    for (let i = 0; i < ids.length; i++) {
      const link = network.linkIndex.get(ids[i]!);
      if (link === undefined) {
        links = undefined;
        break;
      }
      links[i] = link;
    }
  }
  known.set(route, { network, links });
  return links;
}
