/**
 * Every config module MATSim ships (core, and the contribs seen in the wild), with what the built-in engine does
 * with it: `supported` (read; its params that change what MATSim computes are in PARAM_RULES), `refused` (the run
 * stops before anything is read; `when` narrows that to the module being switched on) or `ignored` (with why that
 * cannot change a score). Module names are MATSim's current ones; old names reach them through the aliases of
 * @corridor/matsim. A module not listed here is refused unless it is empty (docs/decisions.md).
 * The engine README's module table is rendered from this one (`modulesTableMarkdown`, kept equal by a test).
 */

export type ModuleDecision = 'supported' | 'refused' | 'ignored';

export interface ModuleRule {
  module: string;
  decision: ModuleDecision;
  /** supported: what the engine reads; refused: what it would need; ignored: why a run is the same without it. */
  reason: string;
  /** refused only: the module counts as switched on only when this param is `true` or set (any value but unset). */
  when?: { param: string; is: 'true' | 'set' };
}

const CONTRIB = 'a contrib the engine does not have';

export const MODULE_RULES: readonly ModuleRule[] = [
  // Core modules the engine reads.
  { module: 'controller', decision: 'supported', reason: 'iterations, output directory, write intervals, runId, mobsim' },
  { module: 'global', decision: 'supported', reason: 'randomSeed, coordinateSystem, numberOfThreads (routing threads; the same run for any number)' },
  { module: 'network', decision: 'supported', reason: 'inputNetworkFile' },
  { module: 'plans', decision: 'supported', reason: 'inputPlansFile, activityDurationInterpretation' },
  { module: 'qsim', decision: 'supported', reason: 'the queue model: times, capacity factors, stuck handling, mainMode' },
  { module: 'scoring', decision: 'supported', reason: 'Charypar–Nagel params per subpopulation, brainExpBeta, learningRate' },
  { module: 'replanning', decision: 'supported', reason: 'strategies, weights, plan memory, innovation cutoff' },
  { module: 'routing', decision: 'supported', reason: 'networkModes, teleported modes, beelineDistanceFactor, routingRandomness' },
  { module: 'travelTimeCalculator', decision: 'supported', reason: 'travelTimeBinSize' },
  { module: 'timeAllocationMutator', decision: 'supported', reason: 'mutation range, step, affects duration' },
  { module: 'subtourModeChoice', decision: 'supported', reason: 'modes, chainBasedModes' },
  { module: 'changeMode', decision: 'supported', reason: 'modes' },
  { module: 'facilities', decision: 'supported', reason: 'inputFacilitiesFile with facilitiesSource=fromFile: an activity at a facility takes its link, else the nearest link to its coordinate (opening times: MATSim’s default scoring uses the scoring params’, as the engine does)' },
  // Core modules switched on by a param.
  { module: 'transit', decision: 'refused', when: { param: 'useTransit', is: 'true' }, reason: 'public transport (schedule, transit vehicles, pt router)' },
  { module: 'replanningAnnealer', decision: 'refused', when: { param: 'activateAnnealingModule', is: 'true' }, reason: 'annealing of strategy weights' },
  { module: 'multimodal', decision: 'refused', when: { param: 'multiModalSimulationEnabled', is: 'true' }, reason: 'the multimodal simulation (walk/bike on the network)' },
  // Core modules a run is the same without.
  { module: 'counts', decision: 'ignored', reason: 'compares link volumes with counts in outputs only' },
  { module: 'ptCounts', decision: 'ignored', reason: 'compares pt volumes with counts in outputs only' },
  { module: 'linkStats', decision: 'ignored', reason: 'writes link statistics only' },
  { module: 'eventsManager', decision: 'ignored', reason: 'threading of the events handling' },
  { module: 'households', decision: 'ignored', reason: 'read by MATSim but used only by contribs (refused)' },
  { module: 'vehicles', decision: 'ignored', reason: 'with qsim.vehiclesSource=defaultVehicle (the only source the engine runs) every agent drives the default vehicle type' },
  { module: 'transitRouter', decision: 'ignored', reason: 'pt routing; used only with transit.useTransit=true (refused)' },
  { module: 'swissRailRaptor', decision: 'ignored', reason: 'pt routing; used only with transit.useTransit=true (refused)' },
  { module: 'hermes', decision: 'ignored', reason: 'used only with controller.mobsim=hermes (refused)' },
  { module: 'jdeqsim', decision: 'ignored', reason: 'used only with controller.mobsim=jdeqsim (refused)' },
  { module: 'dsim', decision: 'ignored', reason: 'used only with controller.mobsim=dsim (refused)' },
  { module: 'planInheritance', decision: 'ignored', reason: 'writes plan inheritance analysis only' },
  { module: 'vspExperimental', decision: 'ignored', reason: 'checks and pt details; vspDefaultsCheckingLevel=abort is refused (params below)' },
  { module: 'otfvis', decision: 'ignored', reason: 'visualisation only' },
  { module: 'simwrapper', decision: 'ignored', reason: 'dashboards written after the run only' },
  // Contribs: refused by their presence.
  { module: 'roadpricing', decision: 'refused', reason: 'road pricing (tolls change routes and scores)' },
  { module: 'dvrp', decision: 'refused', reason: `DVRP, ${CONTRIB}` },
  { module: 'drt', decision: 'refused', reason: `DRT, ${CONTRIB}` },
  { module: 'multiModeDrt', decision: 'refused', reason: `DRT, ${CONTRIB}` },
  { module: 'taxi', decision: 'refused', reason: `taxi, ${CONTRIB}` },
  { module: 'multiModeTaxi', decision: 'refused', reason: `taxi, ${CONTRIB}` },
  { module: 'ev', decision: 'refused', reason: `electric vehicles, ${CONTRIB}` },
  { module: 'freightCarriers', decision: 'refused', reason: `freight, ${CONTRIB}` },
  { module: 'signalsystems', decision: 'refused', reason: `traffic signals, ${CONTRIB}` },
  { module: 'emissions', decision: 'refused', reason: `emissions, ${CONTRIB}` },
  { module: 'noise', decision: 'refused', reason: `noise (may internalise noise costs), ${CONTRIB}` },
  { module: 'parking', decision: 'refused', reason: `parking, ${CONTRIB}` },
  { module: 'parkingSearch', decision: 'refused', reason: `parking search, ${CONTRIB}` },
  { module: 'minibus', decision: 'refused', reason: `minibus, ${CONTRIB}` },
  { module: 'locationchoice', decision: 'refused', reason: `location choice, ${CONTRIB}` },
  { module: 'frozenEpsilons', decision: 'refused', reason: `destination choice, ${CONTRIB}` },
  { module: 'cadytsCar', decision: 'refused', reason: `Cadyts calibration (changes scores), ${CONTRIB}` },
  { module: 'cadytsPt', decision: 'refused', reason: `Cadyts calibration (changes scores), ${CONTRIB}` },
  { module: 'carsharing', decision: 'refused', reason: `carsharing, ${CONTRIB}` },
  { module: 'bicycle', decision: 'refused', reason: `bicycle scoring and routing, ${CONTRIB}` },
  { module: 'decongestion', decision: 'refused', reason: `decongestion tolls, ${CONTRIB}` },
  { module: 'DiscreteModeChoice', decision: 'refused', reason: `discrete mode choice, ${CONTRIB}` },
  { module: 'informedModeChoice', decision: 'refused', reason: `informed mode choice, ${CONTRIB}` },
  { module: 'railsim', decision: 'refused', reason: `rail simulation, ${CONTRIB}` },
  { module: 'accessibility', decision: 'refused', reason: `accessibility computation, ${CONTRIB}` },
];

const byModule = new Map(MODULE_RULES.map((rule) => [rule.module, rule]));

/** The rule of a module by its current name (callers canonicalise old names first). */
export function moduleRule(module: string): ModuleRule | undefined {
  return byModule.get(module);
}
