export { freeSpeedTravelTimes, TravelTimeCollector } from './travel-times.ts';
export { LeastCostRouter, disutilityFromScoring, lognormalDistanceFactor, type CarRoute, type Disutility } from './router.ts';
export { routePlan, type RoutePlanOptions } from './plan-router.ts';
