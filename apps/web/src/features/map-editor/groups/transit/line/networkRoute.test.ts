import type { TransitRoute } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { COLLAPSE_AT, networkRouteItems, problemSections, shownItems, STOP_NAME_MAX, truncateName, type DisplayItem } from './networkRoute.ts';
import { routeStop, testScenario } from './testScenario.ts';

const route = (links: string[], stops = [routeStop('s1', 0, 'a01'), routeStop('s4', 400, 'a56')]): TransitRoute => ({ id: 'R', mode: 'bus', transitLineId: 'L1', stops, links, departures: [] });
/** A compact picture of the items: type and link, node or stop. */
const brief = (items: readonly DisplayItem[]) =>
  items.map((item) => {
    switch (item.type) {
      case 'NODE':
        return `NODE ${item.nodeId}`;
      case 'GAP':
        return `GAP ${item.fromNodeId}>${item.toNodeId}`;
      case 'MISSING_STOP':
        return `MISSING_STOP ${item.stop.id}`;
      case 'COLLAPSED':
        return `COLLAPSED ${item.count}`;
      case 'LINK_WITH_STOP':
      case 'SELF_LOOP_STOP':
        return `${item.type} ${item.linkId} ${item.stops.map((stop) => stop.id).join('+')}`;
      default:
        return `${item.type} ${item.linkId}`;
    }
  });
const graph = testScenario();

describe('network route display items (spec 2 §2)', () => {
  it('a connected route: nodes at its ends, links, the stops on their links', () => {
    const items = networkRouteItems(graph, route(['a01', 'a12', 'a23', 'loop3', 'a34'], [routeStop('s1', 0, 'a01'), routeStop('s2', 100, 'a23'), routeStop('s3', 200)]));
    expect(brief(items)).toEqual(['NODE n0', 'LINK_WITH_STOP a01 s1', 'LINK a12', 'LINK_WITH_STOP a23 s2', 'SELF_LOOP_STOP loop3 s3', 'LINK a34', 'NODE n4']);
    expect(items.map((item) => item.section)).toEqual([0, 0, 1, 1, 2, 3, 3]);
    expect(problemSections(items).size).toBe(0);
  });

  it('a self-loop without a stop, two stops on one link', () => {
    const items = networkRouteItems(graph, route(['a23', 'loop3'], [routeStop('s2', 0, 'a23'), routeStop('s2', 10, 'a23')]));
    expect(brief(items)).toEqual(['NODE n2', 'LINK_WITH_STOP a23 s2+s2', 'SELF_LOOP loop3', 'NODE n3']);
  });

  it('links that do not connect give a gap between nodes; an unknown link id a missing link', () => {
    const items = networkRouteItems(graph, route(['a01', 'a23', 'gone', 'a45', 'a56']));
    expect(brief(items)).toEqual(['NODE n0', 'LINK_WITH_STOP a01 s1', 'NODE n1', 'GAP n1>n2', 'NODE n2', 'LINK a23', 'NODE n3', 'MISSING_LINK gone', 'NODE n4', 'LINK a45', 'LINK_WITH_STOP a56 s4', 'NODE n6']);
    expect(items.find((item) => item.type === 'MISSING_LINK')).toMatchObject({ index: 2, linkId: 'gone' });
    expect([...problemSections(items)]).toEqual([1]);
  });

  it('a route stop whose link is not on the network route is a missing stop after the previous stop', () => {
    // s2's link a23 is not used; s3 has no link on the route stop and its stop's link loop3 is not used either.
    const items = networkRouteItems(graph, route(['a01', 'a12', 'a34'], [routeStop('s1', 0, 'a01'), routeStop('s2', 60, 'a23'), routeStop('s3', 90)]));
    expect(brief(items)).toEqual(['NODE n0', 'LINK_WITH_STOP a01 s1', 'MISSING_STOP s2', 'MISSING_STOP s3', 'LINK a12', 'NODE n2', 'GAP n2>n3', 'NODE n3', 'LINK a34', 'NODE n4']);
    // Stops out of order on the route: a stop whose link only comes before the previous stop's is missing.
    expect(brief(networkRouteItems(graph, route(['a01', 'a12'], [routeStop('s2', 0, 'a12'), routeStop('s1', 9, 'a01')])))).toEqual(['NODE n0', 'LINK a01', 'LINK_WITH_STOP a12 s2', 'MISSING_STOP s1', 'NODE n2']);
    // No links at all: every stop is missing, first.
    expect(brief(networkRouteItems(graph, route([])))).toEqual(['MISSING_STOP s1', 'MISSING_STOP s4']);
  });

  it('cuts stop names at 30 characters', () => {
    expect(STOP_NAME_MAX).toBe(30);
    const items = networkRouteItems(graph, route(['a56'], [routeStop('s4', 0, 'a56')]));
    const stop = (items[1] as Extract<DisplayItem, { stops: unknown }>).stops[0]!;
    expect(stop.name).toBe('A very long stop name that goe…');
    expect(stop.fullName).toBe('A very long stop name that goes on and on');
    expect(truncateName('x'.repeat(30))).toBe('x'.repeat(30));
  });

  it('collapses long runs of plain links, keeping the first and last; the user may expand a section', () => {
    // Between s1 (a01) and s2 (served on b54 by this route): a12 … b65, six links.
    const long = route(['a01', 'a12', 'a23', 'a34', 'a45', 'a56', 'b65', 'b54', 'b43'], [routeStop('s1', 0, 'a01'), routeStop('s2', 400, 'b54')]);
    const items = networkRouteItems(graph, long);
    expect(COLLAPSE_AT).toBe(5);
    expect(brief(shownItems(items))).toEqual(['NODE n0', 'LINK_WITH_STOP a01 s1', 'LINK a12', 'COLLAPSED 4', 'LINK b65', 'LINK_WITH_STOP b54 s2', 'LINK b43', 'NODE n3']);
    expect(shownItems(items).find((item) => item.type === 'COLLAPSED')).toMatchObject({ section: 1, fromIndex: 2, toIndex: 5 });
    // Four plain links stay as they are.
    expect(shownItems(networkRouteItems(graph, route(['a01', 'a12', 'a23', 'a34', 'a45', 'a56'])))).toHaveLength(8);
    expect(shownItems(items, new Set([1]))).toEqual(items);
  });

  it('never collapses a section with a gap, a missing link or a missing stop', () => {
    const gap = route(['a01', 'a12', 'a23', 'a34', 'a45', 'b54', 'a56'], [routeStop('s1', 0, 'a01'), routeStop('s4', 400, 'a56')]);
    const items = networkRouteItems(graph, gap);
    expect(brief(items)).toContain('GAP n4>n5');
    expect(shownItems(items)).toEqual(items);
    const missing = route(['a01', 'a12', 'a23', 'a34', 'a45', 'gone', 'a56']);
    expect(shownItems(networkRouteItems(graph, missing)).some((item) => item.type === 'COLLAPSED')).toBe(false);
    const missingStop = route(['a01', 'a12', 'a23', 'a34', 'a45', 'b54'], [routeStop('s1', 0, 'a01'), routeStop('s4', 400, 'a56')]);
    expect(shownItems(networkRouteItems(graph, missingStop)).some((item) => item.type === 'COLLAPSED')).toBe(false);
  });
});
