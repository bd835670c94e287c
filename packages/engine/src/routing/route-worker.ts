/**
 * A routing worker thread: receives the network once, then batches of plans with the iteration's travel times,
 * routes each plan with `routePlan` exactly as the main thread would, and answers with the legs' new routes,
 * travel and departure times. Routing is a pure function of the plan, the travel times and the plan's distance
 * factor (drawn on the main thread in person order), so which thread routes a plan changes nothing.
 */
import { parentPort } from 'node:worker_threads';
import type { Leg, PlanElement } from '@corridor/matsim';
import type { SimNetwork, TravelTimeData } from '../core/types.ts';
import { routePlan, type RoutePlanOptions, type RoutingConfig } from './plan-router.ts';
import { LeastCostRouter, type Disutility } from './router.ts';
import { travelTimesFromData } from './travel-times.ts';

/** The network without its id maps (the worker rebuilds them). */
export type NetworkData = Omit<SimNetwork, 'linkIndex' | 'nodeIndex'>;

export interface RouteWorkerInit {
  network: NetworkData;
  config: RoutingConfig;
  disutility: Disutility;
}

export interface RouteJob {
  elements: PlanElement[];
  options: RoutePlanOptions;
}

/** What routing changed on a leg (undefined for activities). */
export type LegUpdate = Pick<Leg, 'route' | 'travTime' | 'depTime'> | undefined;

export type RouteReply = { updates: LegUpdate[][] } | { error: string };

export function serveRouting(): void {
  const port = parentPort;
  if (port === null) throw new Error('serveRouting runs in a worker thread');
  let init: { network: SimNetwork; config: RoutingConfig; disutility: Disutility } | undefined;
  port.on('message', (message: { init: RouteWorkerInit } | { travelTimes: TravelTimeData; jobs: RouteJob[] }) => {
    if ('init' in message) {
      const { network, config, disutility } = message.init;
      const linkIndex = new Map(network.linkIds.map((id, index) => [id, index]));
      const nodeIndex = new Map(network.nodeIds.map((id, index) => [id, index]));
      init = { network: { ...network, linkIndex, nodeIndex }, config, disutility };
      return;
    }
    try {
      if (init === undefined) throw new Error('the routing worker got plans before the network');
      const { network, config, disutility } = init;
      const router = new LeastCostRouter(network, travelTimesFromData(network, message.travelTimes), disutility);
      const updates = message.jobs.map((job) => {
        routePlan({ selected: true, elements: job.elements }, router, network, config, job.options);
        return job.elements.map((element) => (element.kind === 'leg' ? { route: element.route, travTime: element.travTime, depTime: element.depTime } : undefined));
      });
      port.postMessage({ updates } satisfies RouteReply);
    } catch (error) {
      port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies RouteReply);
    }
  });
}
