/**
 * ReRoute: forget the plan's routes and let the router recompute them from the latest travel times. The router is
 * a callback so replanning does not depend on its internals (the controler passes the routing part's function).
 */
import type { Plan } from '@corridor/matsim';

export type Reroute = (plan: Plan) => void;

export function clearRoutes(plan: Plan): void {
  for (const element of plan.elements) {
    if (element.kind !== 'leg') continue;
    delete element.route;
    delete element.travTime;
  }
}

export function reRoute(plan: Plan, reroute: Reroute): void {
  clearRoutes(plan);
  reroute(plan);
}
