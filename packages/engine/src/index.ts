export * from './core/types.ts';
export * from './demo/index.ts';
export { runEngine, type RunEngineOptions, type RunEngineResult } from './controler/run.ts';
export { loadScenario, readEngineConfig, unsupportedFeatures, buildSimNetwork } from './scenario/index.ts';
export { readScenarioData } from './scenario/load.ts';
export { runMobsim } from './mobsim/mobsim.ts';
export { LeastCostRouter, TravelTimeCollector, freeSpeedTravelTimes, routePlan } from './routing/index.ts';
export { ExperiencedPlansBuilder, scorePlan, scoringParamsFromConfig } from './scoring/index.ts';
export { replan, replanningParamsFromConfig, createRandom } from './replanning/index.ts';
