/**
 * The index of link use of a population/plans file (issue 24), built in one streaming pass (persons one at a time)
 * in the worker pool: per link, the activities on it (and of those the ones without coordinates) and the leg
 * routes that start, end or pass on it, each with a few example persons. plans_v4 car routes list nodes, not links
 * (MATSim turns them into links with the network), so their inner steps are kept by node pair; the map editor
 * asks with a link's nodes. Counts are over every plan of every person. No HTTP, no database.
 *
 * The index is JSON (`link-use.json`), compact: `links` maps a link id to
 * `[activities, activitiesWithoutCoordinates, routes, activityPersons, routePersons]`, `pairs` maps
 * `from<TAB>to` to `[routes, routePersons]`. Its size grows with the links used, not the persons: at most
 * `maxKeys` links and node pairs (past that the file is too large to index).
 */
import { LINK_USE_SAMPLES } from '@corridor/contract';
import { MatsimFormatError, routeLinkIds, routeNodeIds, streamPersons, type Activity, type Input, type PlanElement } from '@corridor/matsim';

export const LINK_USE_VERSION = 1;

/** `[activities, activitiesWithoutCoordinates, routes, activityPersons, routePersons]` */
export type LinkEntry = [number, number, number, string[], string[]];
/** `[routes, routePersons]` */
export type PairEntry = [number, string[]];

export interface LinkUseIndex {
  version: typeof LINK_USE_VERSION;
  persons: number;
  links: Record<string, LinkEntry>;
  pairs: Record<string, PairEntry>;
}

export interface LinkUseArgs {
  maxBytes: number;
  /** Distinct links and node pairs at most. */
  maxKeys: number;
}

/** The separator of a node pair's key (ids are single-line text without control characters). */
export const PAIR_SEPARATOR = '\t';
export const pairKey = (from: string, to: string) => `${from}${PAIR_SEPARATOR}${to}`;

function sample(persons: string[], person: string): void {
  if (persons.length < LINK_USE_SAMPLES && persons[persons.length - 1] !== person) persons.push(person);
}

/** Builds the index; answers it as UTF-8 JSON bytes (moved out of the worker, stored as they are). */
export async function buildLinkUse(input: Input, args: LinkUseArgs): Promise<Uint8Array> {
  const index = await linkUseIndex(input, args);
  return new TextEncoder().encode(JSON.stringify(index));
}

export async function linkUseIndex(input: Input, { maxBytes, maxKeys }: LinkUseArgs): Promise<LinkUseIndex> {
  const links = new Map<string, LinkEntry>();
  const pairs = new Map<string, PairEntry>();
  const tooMany = () => {
    if (links.size + pairs.size > maxKeys) {
      throw new MatsimFormatError('too-large', `It names more than ${maxKeys.toLocaleString('en')} links and node pairs.`);
    }
  };
  const link = (id: string): LinkEntry => {
    let entry = links.get(id);
    if (!entry) {
      links.set(id, (entry = [0, 0, 0, [], []]));
      tooMany();
    }
    return entry;
  };
  const pair = (key: string): PairEntry => {
    let entry = pairs.get(key);
    if (!entry) {
      pairs.set(key, (entry = [0, []]));
      tooMany();
    }
    return entry;
  };

  let persons = 0;
  for await (const person of streamPersons(input, { maxBytes })) {
    persons++;
    for (const plan of person.plans) {
      const elements = plan.elements;
      for (let i = 0; i < elements.length; i++) {
        const element = elements[i]!;
        if (element.kind === 'activity') {
          if (element.link === undefined) continue;
          const entry = link(element.link);
          entry[0]++;
          if (element.x === undefined || element.y === undefined) entry[1]++;
          sample(entry[3], person.id);
          continue;
        }
        const route = element.route;
        if (!route) continue;
        const routeLinks = new Set<string>();
        const routePairs = new Set<string>();
        const nodes = routeNodeIds(route);
        if (nodes) {
          // A v4 car route: from the link of the activity before to the link of the activity after.
          const start = activityLink(elements[i - 1]);
          const end = activityLink(elements[i + 1]);
          if (start !== undefined) routeLinks.add(start);
          if (end !== undefined) routeLinks.add(end);
          for (let n = 0; n + 1 < nodes.length; n++) routePairs.add(pairKey(nodes[n]!, nodes[n + 1]!));
        } else {
          for (const id of routeLinkIds(route) ?? []) routeLinks.add(id);
          if (route.startLink !== undefined) routeLinks.add(route.startLink);
          if (route.endLink !== undefined) routeLinks.add(route.endLink);
        }
        for (const id of routeLinks) {
          const entry = link(id);
          entry[2]++;
          sample(entry[4], person.id);
        }
        for (const key of routePairs) {
          const entry = pair(key);
          entry[0]++;
          sample(entry[1], person.id);
        }
      }
    }
  }
  return { version: LINK_USE_VERSION, persons, links: Object.fromEntries(links), pairs: Object.fromEntries(pairs) };
}

function activityLink(element: PlanElement | undefined): string | undefined {
  return element?.kind === 'activity' ? (element as Activity).link : undefined;
}
