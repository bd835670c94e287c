/**
 * What network edits do to public transport (spec 2; issue 28 "cross-group effects through the core"), registered
 * as effects after the network kinds so the network group's files know nothing of transit:
 * - a deleted link leaves every network route that used it, and stops assigned to it lose the assignment;
 * - a split (a network group that deletes a link and adds links from its start to its end through a new node)
 *   replaces the link in network routes by the two halves, in order, instead of dropping it; stops assigned to it
 *   move to the half that ends where it ended.
 */
import type { NetworkGroupModification, NetworkLeafModification, NetworkLink, TransitRoute } from '@corridor/contract';
import type { GraphDraft, GraphReader } from '../graph/graph.ts';
import type { EditEffect } from '../graph/registry.ts';
import { linkOf } from '../network/read.ts';
import { routeKey, STOPS_OF_LINK, TRANSIT_STOP, type StopEntity } from './entities.ts';
import { putRoute } from './edit.ts';
import { routeOf, routesOfLink } from './read.ts';

type DeleteLink = Extract<NetworkLeafModification, { type: 'network/deleteLink' }>;

/**
 * Where a deleted link's users go: its halves when it was split (a stop assigned to it moves to the half ending
 * where the link ended), nowhere when it was only deleted (dropped from network routes, stops lose it).
 */
type Replacements = ReadonlyMap<string, readonly string[]>;

const assignedLink = (linkId: string, replacements: Replacements): string | undefined => replacements.get(linkId)?.at(-1);

function withLink<T extends { linkId?: string }>(item: T, replacements: Replacements): T {
  if (!item.linkId || !replacements.has(item.linkId)) return item;
  const { linkId, ...rest } = item;
  const moved = assignedLink(linkId, replacements);
  return (moved ? { ...rest, linkId: moved } : rest) as T;
}

/** Routes and stops that used the links, as `before` had them, rewritten in the draft. */
function apply(draft: GraphDraft, before: GraphReader, replacements: Replacements): void {
  const routes = new Map<string, TransitRoute>();
  for (const linkId of replacements.keys()) for (const route of routesOfLink(before, linkId)) routes.set(routeKey(route.transitLineId, route.id), route);
  for (const route of routes.values()) {
    if (!routeOf(draft, route.transitLineId, route.id)) continue;
    putRoute(draft, {
      ...route,
      links: route.links.flatMap((id) => replacements.get(id) ?? [id]),
      stops: route.stops.map((stop) => withLink(stop, replacements)),
    });
  }
  for (const linkId of replacements.keys()) {
    for (const stopId of before.referrers(STOPS_OF_LINK.name, linkId)) {
      const stop = before.get<StopEntity>(TRANSIT_STOP, stopId);
      if (stop && draft.has(TRANSIT_STOP, stopId)) draft.put(TRANSIT_STOP, withLink(stop, replacements));
    }
  }
}

export const deletedLinkEffect: EditEffect<DeleteLink> = {
  after: 'network/deleteLink',
  apply: (draft, mod, before) => apply(draft, before, new Map([[mod.id, []]])),
};

/**
 * After a network group: each link it deleted is replaced in routes by links the group added that lead from its
 * start to its end through one new node (a split), else dropped. Recomputed from the routes as they were before
 * the group, so the per-step deletions above are overridden by the replacement.
 */
export const splitLinkEffect: EditEffect<NetworkGroupModification> = {
  after: 'network/group',
  apply: (draft, mod, before) => {
    const added = mod.modifications.flatMap((step) => (step.type === 'network/addLink' ? [step.link] : []));
    const replacements = new Map<string, readonly string[]>();
    for (const step of mod.modifications) {
      if (step.type !== 'network/deleteLink') continue;
      const link = linkOf(before, step.id);
      if (!link || routesOfLink(before, step.id).length === 0) continue;
      replacements.set(step.id, halvesOf(link, added));
    }
    if (replacements.size > 0) apply(draft, before, replacements);
  },
};

/** The two added links from the link's start to its end through one node, in order; none when there are not. */
function halvesOf(link: NetworkLink, added: readonly NetworkLink[]): string[] {
  for (const first of added) {
    if (first.fromId !== link.fromId || first.toId === link.toId) continue;
    const second = added.find((other) => other.fromId === first.toId && other.toId === link.toId);
    if (second) return [first.id, second.id];
  }
  return [];
}

export const TRANSIT_EFFECTS: readonly EditEffect[] = [deletedLinkEffect, splitLinkEffect];
