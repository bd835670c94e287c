/**
 * Routing a plan's legs (PlanRouter): car legs get link routes from the least-cost router at their estimated
 * departure time; teleported legs get `generic` routes (beeline × factor at the mode's speed, matsim-facts §5).
 */
import type { Activity, Leg, Plan, Route } from '@corridor/matsim';
import { routeLinkIndices } from '../core/route-links.ts';
import type { EngineConfig, SimNetwork } from '../core/types.ts';
import { activityEnd } from '../mobsim/agents.ts';
import type { LeastCostRouter } from './router.ts';

export interface RoutePlanOptions {
  /** Reroute every leg (ReRoute); otherwise only legs without a usable route. */
  force?: boolean;
  /** Per-plan random factor on the distance cost (ReRoute's randomised disutility). */
  distanceFactor?: number;
}

export type RoutingConfig = Pick<EngineConfig, 'networkModes' | 'teleported' | 'facilityCoords'>;

/** Fills the routes of `plan` in place; returns how many legs were (re)routed. */
export function routePlan(plan: Plan, router: LeastCostRouter, network: SimNetwork, config: RoutingConfig, options: RoutePlanOptions = {}): number {
  const elements = plan.elements;
  let time = 0;
  let routed = 0;
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i]!;
    if (element.kind === 'activity') {
      const end = activityEnd(element, time);
      if (end !== Infinity) time = end;
      continue;
    }
    const from = elements[i - 1] as Activity;
    const to = elements[i + 1] as Activity;
    if (options.force || !hasUsableRoute(element, from, to, config, network)) {
      routeLeg(element, from, to, time, router, network, config, options.distanceFactor ?? 1);
      routed++;
    }
    element.depTime = time;
    time += element.route?.travTime ?? element.travTime ?? 0;
  }
  return routed;
}

/** Whether `routePlan` (without `force`) would route any of the plan's legs. */
export function planNeedsRouting(plan: Plan, network: SimNetwork, config: RoutingConfig): boolean {
  const elements = plan.elements;
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i]!;
    if (element.kind === 'leg' && !hasUsableRoute(element, elements[i - 1] as Activity, elements[i + 1] as Activity, config, network)) return true;
  }
  return false;
}

/** A route is kept only if it fits the leg: right kind for the mode and between the activities' links. */
function hasUsableRoute(leg: Leg, from: Activity, to: Activity, config: RoutingConfig, network: SimNetwork): boolean {
  if (!leg.route) return false;
  if (config.networkModes.includes(leg.mode)) {
    // A route through a link deleted from the network, or broken by an activity moved off such a link, is routed
    // again (MATSim would stop on it).
    const links = routeLinkIndices(leg.route, network);
    if (links === undefined) return false;
    for (let i = 1; i < links.length; i++) if (network.from[links[i]!] !== network.to[links[i - 1]!]) return false;
    const ids = network.linkIds;
    return (from.link === undefined || ids[links[0]!] === from.link) && (to.link === undefined || ids[links[links.length - 1]!] === to.link);
  }
  // Teleported legs keep any route with a travel time, as MATSim's PrepareForSim does: plans_v4 gives walk
  // legs a route with only trav_time (berlin-medium has them), and the teleportation engine uses just that.
  return leg.route.travTime !== undefined;
}

function routeLeg(leg: Leg, from: Activity, to: Activity, time: number, router: LeastCostRouter, network: SimNetwork, config: RoutingConfig, distanceFactor: number): void {
  const fromLink = linkOf(from, network);
  const toLink = linkOf(to, network);
  if (config.networkModes.includes(leg.mode)) {
    const route = router.routeCar(fromLink, toLink, time, distanceFactor);
    const ids = route.links.map((link) => network.linkIds[link]!);
    leg.route = linksRoute(ids, route.travelTime, route.distance);
    leg.travTime = route.travelTime;
    return;
  }
  const params = config.teleported.get(leg.mode);
  if (!params) throw new Error(`No routing for mode ${leg.mode}: neither a network mode nor teleported.`);
  let distance: number;
  let travelTime: number;
  if (params.speed !== undefined) {
    const [x1, y1] = coordOf(from, fromLink, network, config.facilityCoords);
    const [x2, y2] = coordOf(to, toLink, network, config.facilityCoords);
    distance = Math.hypot(x2 - x1, y2 - y1) * params.beelineDistanceFactor;
    travelTime = Math.trunc(distance / params.speed);
  } else {
    // Freespeed-factor modes: the free-speed car route, slowed down by the factor.
    const route = router.routeCar(fromLink, toLink, time);
    distance = route.distance;
    travelTime = Math.trunc(route.travelTime * (params.freespeedFactor ?? 1));
  }
  leg.route = { type: 'generic', startLink: network.linkIds[fromLink]!, endLink: network.linkIds[toLink]!, travTime: travelTime, distance, description: '' };
  leg.travTime = travelTime;
}

function linksRoute(ids: string[], travTime: number, distance: number): Route {
  return { type: 'links', startLink: ids[0]!, endLink: ids[ids.length - 1]!, travTime, distance, vehicleRefId: 'null', description: ids.join(' ') };
}

/** Every activity has a link of the network by now (assignLinks refuses the run otherwise, naming the person). */
function linkOf(activity: Activity, network: SimNetwork): number {
  const link = activity.link === undefined ? undefined : network.linkIndex.get(activity.link);
  if (link === undefined) {
    const which = activity.link === undefined ? 'has no link' : `is on link ${activity.link}, which is not in the network`;
    throw new Error(`Activity ${activity.type} ${which}: restore the link or give the activity coordinates (x, y) so that it gets the nearest link.`);
  }
  return link;
}

/** The facility's coordinate, else the activity's, else its link's to-node (as MATSim's trip router does). */
function coordOf(activity: Activity, link: number, network: SimNetwork, facilities: RoutingConfig['facilityCoords']): readonly [number, number] {
  const facility = activity.facility === undefined ? undefined : facilities?.get(activity.facility);
  if (facility !== undefined) return facility;
  if (activity.x !== undefined && activity.y !== undefined) return [activity.x, activity.y];
  const node = network.to[link]!;
  return [network.x[node]!, network.y[node]!];
}
