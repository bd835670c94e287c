/**
 * Where plans are routed: on this thread, or — with global.numberOfThreads > 1 and enough plans to pay for the
 * threads — in the routing pool. ReRoute's plans are collected during replanning (their distance factors drawn
 * in person order as before) and routed together afterwards; nothing in replanning reads a plan's routes after
 * ReRoute, so the result is the same as routing each at once, on any number of threads.
 */
import type { Plan } from '@corridor/matsim';
import type { EngineConfig, SimNetwork, TravelTimes } from '../core/types.ts';
import { planNeedsRouting, routePlan, type RoutePlanOptions } from '../routing/plan-router.ts';
import { RoutingPool, type RoutingRequest } from '../routing/pool.ts';
import type { Disutility, LeastCostRouter } from '../routing/router.ts';

/** Fewer plans than this are routed on the main thread (starting the workers costs about half a second). */
export const PARALLEL_ROUTING_FROM = 100;

export class PlanRouting {
  private readonly pool: RoutingPool | undefined;
  private pending: RoutingRequest[] = [];

  constructor(
    private readonly network: SimNetwork,
    private readonly config: EngineConfig,
    disutility: Disutility,
    threads: number,
    private readonly parallelFrom = PARALLEL_ROUTING_FROM,
    private readonly onParallel: (plans: number, threads: number) => void = () => {},
  ) {
    const routing = { networkModes: config.networkModes, teleported: config.teleported, facilityCoords: config.facilityCoords };
    this.pool = threads > 1 ? new RoutingPool(threads, network, routing, disutility) : undefined;
  }

  /** ReRoute: routed at once on one thread, else when `flush` is called. */
  reroute(plan: Plan, options: RoutePlanOptions, router: LeastCostRouter): void {
    if (this.pool === undefined) routePlan(plan, router, this.network, this.config, options);
    else this.pending.push({ plan, options });
  }

  /** Routes what `reroute` collected. */
  async flush(router: LeastCostRouter, travelTimes: TravelTimes): Promise<void> {
    const pending = this.pending;
    this.pending = [];
    await this.routeAll(pending, router, travelTimes);
  }

  /** prepareForMobsim: legs without a usable route get one; every leg its departure time. */
  async prepare(plans: readonly Plan[], router: LeastCostRouter, travelTimes: TravelTimes): Promise<void> {
    if (this.pool !== undefined) {
      const needing = plans.filter((plan) => planNeedsRouting(plan, this.network, this.config));
      if (needing.length >= this.parallelFrom) await this.routeAll(needing.map((plan) => ({ plan, options: {} })), router, travelTimes);
    }
    for (const plan of plans) routePlan(plan, router, this.network, this.config);
  }

  close(): Promise<void> {
    return this.pool?.close() ?? Promise.resolve();
  }

  private async routeAll(requests: RoutingRequest[], router: LeastCostRouter, travelTimes: TravelTimes): Promise<void> {
    if (this.pool !== undefined && requests.length >= this.parallelFrom) {
      this.onParallel(requests.length, this.pool.threads);
      await this.pool.route(requests, travelTimes, ({ plan, options }) => routePlan(plan, router, this.network, this.config, options));
      return;
    }
    for (const { plan, options } of requests) routePlan(plan, router, this.network, this.config, options);
  }
}
