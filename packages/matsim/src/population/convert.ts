/**
 * plans_v4 car routes list the nodes a car passes; MATSim's v4 reader turns them into link routes with the
 * network (`RouteUtils.getLinksFromNodes`), taking the start and end links from the activities around the leg.
 * This does the same on a read population, so it can be written as v6.
 */
import { MatsimFormatError } from '../errors.ts';
import type { Network } from '../network/model.ts';
import type { Activity, Person, Route } from './model.ts';
import { routeNodeIds } from './routes.ts';

/** Rewrites every v4 node route of these persons as a `links` route, in place. Returns how many it rewrote. */
export function convertNodeRoutes(persons: Iterable<Person>, network: Pick<Network, 'links'>): number {
  const linkBetween = outLinks(network);
  let converted = 0;
  for (const person of persons) {
    for (const plan of person.plans) {
      plan.elements.forEach((element, index) => {
        if (element.kind !== 'leg' || !element.route?.nodeRoute) return;
        const before = plan.elements[index - 1];
        const after = plan.elements[index + 1];
        const startLink = activityLink(before, person.id);
        const endLink = activityLink(after, person.id);
        element.route = linkRoute(element.route, startLink, endLink, linkBetween, person.id);
        converted++;
      });
    }
  }
  return converted;
}

function linkRoute(
  route: Route,
  startLink: string,
  endLink: string,
  linkBetween: (from: string, to: string) => string | undefined,
  personId: string,
): Route {
  const nodes = routeNodeIds(route)!;
  const links: string[] = [];
  for (let i = 0; i + 1 < nodes.length; i++) {
    const link = linkBetween(nodes[i]!, nodes[i + 1]!);
    if (link === undefined) {
      throw new MatsimFormatError('invalid-value', `Person "${personId}": no link leads from node "${nodes[i]}" to node "${nodes[i + 1]}".`);
    }
    links.push(link);
  }
  // As LinkNetworkRouteImpl describes itself: the end link is left out only for a stay on one link.
  const ids = [startLink, ...links];
  if (endLink !== startLink || links.length > 0) ids.push(endLink);
  const { nodeRoute: _nodes, description: _description, ...rest } = route;
  return { ...rest, type: 'links', startLink, endLink, description: ids.join(' ') };
}

function activityLink(element: Person['plans'][number]['elements'][number] | undefined, personId: string): string {
  const link = element?.kind === 'activity' ? (element as Activity).link : undefined;
  if (link === undefined) {
    throw new MatsimFormatError('invalid-value', `Person "${personId}": a node route needs activities with links on both sides.`);
  }
  return link;
}

/** The first link (in network order, as MATSim picks it) from one node to another. */
function outLinks(network: Pick<Network, 'links'>): (from: string, to: string) => string | undefined {
  const index = new Map<string, Map<string, string>>();
  for (const link of network.links.values()) {
    let targets = index.get(link.from);
    if (!targets) index.set(link.from, (targets = new Map()));
    if (!targets.has(link.to)) targets.set(link.to, link.id);
  }
  return (from, to) => index.get(from)?.get(to);
}
