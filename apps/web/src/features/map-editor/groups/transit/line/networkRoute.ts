/**
 * The Network Route tab's list (spec 2 §2 "Time profile, departures and network route"), built from the route and
 * the graph: one item per link of the network route (LINK, SELF_LOOP, or with the route stops served there
 * LINK_WITH_STOP, SELF_LOOP_STOP), NODE where a connected stretch starts and ends, GAP where a link does not start
 * where the one before ended, MISSING_LINK for a link id the network does not have, MISSING_STOP for a route stop
 * whose link is not on the network route (after the previous stop). The list is cut into sections after each link
 * with stops;
 * long runs of plain links collapse into COLLAPSED (first and last link stay), except in sections with a gap, a
 * missing link or a missing stop, which are always expanded. Stop names are cut at 30 characters (§9).
 */
import { linkOf, stopOf, type GraphReader } from '@corridor/changesets';
import type { TransitRoute } from '@corridor/contract';

/** Stop names longer than this are cut (spec 2 §9). */
export const STOP_NAME_MAX = 30;
/** Runs of at least this many plain links collapse (their first and last stay shown). */
export const COLLAPSE_AT = 5;

export type DisplayItemType = 'LINK' | 'SELF_LOOP' | 'LINK_WITH_STOP' | 'SELF_LOOP_STOP' | 'NODE' | 'GAP' | 'MISSING_LINK' | 'MISSING_STOP' | 'COLLAPSED';

export interface StopRef {
  /** The route stop's place in the route's stops. */
  readonly stopIndex: number;
  readonly id: string;
  /** The stop's name cut at 30 characters (its id when it has none). */
  readonly name: string;
  /** The whole name, for a tooltip. */
  readonly fullName: string;
}

interface Base {
  readonly section: number;
}
export type DisplayItem =
  | (Base & { readonly type: 'LINK' | 'SELF_LOOP' | 'MISSING_LINK'; readonly index: number; readonly linkId: string })
  | (Base & { readonly type: 'LINK_WITH_STOP' | 'SELF_LOOP_STOP'; readonly index: number; readonly linkId: string; readonly stops: readonly StopRef[] })
  | (Base & { readonly type: 'NODE'; readonly nodeId: string })
  | (Base & { readonly type: 'GAP'; readonly fromNodeId: string; readonly toNodeId: string })
  | (Base & { readonly type: 'MISSING_STOP'; readonly stop: StopRef })
  | (Base & { readonly type: 'COLLAPSED'; readonly count: number; readonly fromIndex: number; readonly toIndex: number });

/** `Omit` over each member of a union. */
type Unplaced<T> = T extends unknown ? Omit<T, 'section'> : never;

/** The name cut at `max` characters, with an ellipsis when something was cut. */
export const truncateName = (name: string, max = STOP_NAME_MAX): string => (name.length > max ? `${name.slice(0, max)}…` : name);

const PROBLEMS = new Set<DisplayItemType>(['GAP', 'MISSING_LINK', 'MISSING_STOP']);
const STOP_ITEMS = new Set<DisplayItemType>(['LINK_WITH_STOP', 'SELF_LOOP_STOP']);

/** Every item of the route's network route, nothing collapsed. */
export function networkRouteItems(graph: GraphReader, route: TransitRoute): DisplayItem[] {
  const stopRef = (stopIndex: number): StopRef => {
    const id = route.stops[stopIndex]!.id;
    const fullName = stopOf(graph, id)?.name || id;
    return { stopIndex, id, name: truncateName(fullName), fullName };
  };
  // Each route stop on the first link at or after the previous stop's that is its link; else missing there.
  const stopsAt = new Map<number, StopRef[]>();
  const missingAfter = new Map<number, StopRef[]>();
  let position = 0;
  let lastFound = -1;
  route.stops.forEach((routeStop, stopIndex) => {
    const linkId = routeStop.linkId ?? stopOf(graph, routeStop.id)?.linkId;
    const at = linkId === undefined ? -1 : route.links.indexOf(linkId, position);
    const into = at >= 0 ? stopsAt : missingAfter;
    const key = at >= 0 ? at : lastFound;
    into.set(key, [...(into.get(key) ?? []), stopRef(stopIndex)]);
    if (at >= 0) position = lastFound = at;
  });

  const raw: Unplaced<DisplayItem>[] = [];
  const pushMissing = (after: number) => {
    for (const stop of missingAfter.get(after) ?? []) raw.push({ type: 'MISSING_STOP', stop });
  };
  pushMissing(-1);
  let end: string | undefined;
  route.links.forEach((linkId, index) => {
    const link = linkOf(graph, linkId);
    if (!link) {
      if (end !== undefined) raw.push({ type: 'NODE', nodeId: end });
      end = undefined;
      raw.push({ type: 'MISSING_LINK', index, linkId });
    } else {
      if (end === undefined) raw.push({ type: 'NODE', nodeId: link.fromId });
      else if (end !== link.fromId) raw.push({ type: 'NODE', nodeId: end }, { type: 'GAP', fromNodeId: end, toNodeId: link.fromId }, { type: 'NODE', nodeId: link.fromId });
      const loop = link.fromId === link.toId;
      const stops = stopsAt.get(index);
      if (stops) raw.push({ type: loop ? 'SELF_LOOP_STOP' : 'LINK_WITH_STOP', index, linkId, stops });
      else raw.push({ type: loop ? 'SELF_LOOP' : 'LINK', index, linkId });
      end = link.toId;
    }
    pushMissing(index);
  });
  if (end !== undefined) raw.push({ type: 'NODE', nodeId: end });

  // A link with stops closes its section (a missing stop opens the section after the previous stop).
  let section = 0;
  return raw.map((item) => {
    const placed = { ...item, section } as DisplayItem;
    if (STOP_ITEMS.has(item.type)) section++;
    return placed;
  });
}

/** The sections with a gap, a missing link or a missing stop: always expanded. */
export const problemSections = (items: readonly DisplayItem[]): Set<number> => new Set(items.filter((item) => PROBLEMS.has(item.type)).map((item) => item.section));

/**
 * The items as shown: in each section that is neither a problem section nor expanded by the user, a run of
 * `COLLAPSE_AT` or more plain links (LINK, SELF_LOOP) keeps its first and last link and the rest becomes one
 * COLLAPSED item.
 */
export function shownItems(items: readonly DisplayItem[], expanded: ReadonlySet<number> = new Set()): DisplayItem[] {
  const open = problemSections(items);
  const shown: DisplayItem[] = [];
  let run: DisplayItem[] = [];
  const flush = () => {
    const first = run[0];
    if (first && run.length >= COLLAPSE_AT && !open.has(first.section) && !expanded.has(first.section)) {
      const middle = run.slice(1, -1) as Extract<DisplayItem, { index: number }>[];
      shown.push(first, { type: 'COLLAPSED', section: first.section, count: middle.length, fromIndex: middle[0]!.index, toIndex: middle.at(-1)!.index }, run.at(-1)!);
    } else shown.push(...run);
    run = [];
  };
  for (const item of items) {
    if ((item.type === 'LINK' || item.type === 'SELF_LOOP') && (run.length === 0 || run[0]!.section === item.section)) run.push(item);
    else {
      flush();
      if (item.type === 'LINK' || item.type === 'SELF_LOOP') run.push(item);
      else shown.push(item);
    }
  }
  flush();
  return shown;
}
