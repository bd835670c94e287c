/**
 * Params inside modules the engine reads (or ignores) whose other values change what MATSim computes in ways the
 * engine does not implement. Each is accepted when unset (MATSim's default, which the engine follows) or at one of
 * `accepted`; any other value refuses the run. Values compare as numbers or times when both are, else ignoring case.
 * `sameAsGlobalCrs` accepts a CRS equal to global.coordinateSystem (MATSim transforms nothing then).
 * Params not listed are read as documented in the README or change nothing the engine writes.
 */

export interface ParamRule {
  module: string;
  param: string;
  accepted: readonly string[];
  sameAsGlobalCrs?: boolean;
  /** What MATSim does with another value that the engine would not. */
  reason: string;
}

const NOT_TRANSFORMED = 'MATSim transforms the coordinates from that CRS; the engine does not';

export const PARAM_RULES: readonly ParamRule[] = [
  { module: 'controller', param: 'mobsim', accepted: ['qsim'], reason: 'other mobsims' },
  { module: 'controller', param: 'enableLinkToLinkRouting', accepted: ['false'], reason: 'link-to-link routing (turn restrictions, lanes)' },
  { module: 'network', param: 'timeVariantNetwork', accepted: ['false'], reason: 'time-variant networks' },
  { module: 'network', param: 'inputChangeEventsFile', accepted: [], reason: 'network change events' },
  { module: 'network', param: 'laneDefinitionsFile', accepted: [], reason: 'lanes' },
  { module: 'network', param: 'inputCRS', accepted: [], sameAsGlobalCrs: true, reason: NOT_TRANSFORMED },
  { module: 'plans', param: 'inputPersonAttributesFile', accepted: [], reason: 'MATSim 2023+ stops with an error; person attributes belong in the plans file' },
  { module: 'plans', param: 'inputCRS', accepted: [], sameAsGlobalCrs: true, reason: NOT_TRANSFORMED },
  { module: 'plans', param: 'activityDurationInterpretation', accepted: ['tryEndTimeThenDuration'], reason: 'other activity end rules' },
  { module: 'plans', param: 'subpopulationAttributeName', accepted: ['subpopulation'], reason: 'subpopulations named by another person attribute' },
  { module: 'facilities', param: 'facilitiesSource', accepted: ['none', 'fromFile'], reason: 'facilities made from the plans (onePerActivityLink…, onePerActivityLocation…) or in Java code (setInScenario)' },
  { module: 'facilities', param: 'inputCRS', accepted: [], sameAsGlobalCrs: true, reason: NOT_TRANSFORMED },
  { module: 'qsim', param: 'trafficDynamics', accepted: ['queue'], reason: 'holes and kinematic waves' },
  { module: 'qsim', param: 'linkDynamics', accepted: ['FIFO'], reason: 'passing queues and seepage' },
  { module: 'qsim', param: 'vehiclesSource', accepted: ['defaultVehicle'], reason: 'vehicle types per mode or from the vehicles file' },
  { module: 'qsim', param: 'timeStepSize', accepted: ['1'], reason: 'time steps longer than 1 s' },
  { module: 'qsim', param: 'useLanes', accepted: ['false'], reason: 'lanes' },
  { module: 'qsim', param: 'vehicleBehavior', accepted: ['teleport'], reason: 'agents waiting for (or failing without) their vehicle' },
  { module: 'qsim', param: 'insertingWaitingVehiclesBeforeDrivingVehicles', accepted: ['true'], reason: 'the older order of link exits' },
  { module: 'qsim', param: 'usingFastCapacityUpdate', accepted: ['true'], reason: 'the older per-step flow capacity update' },
  { module: 'qsim', param: 'usingTravelTimeCheckInTeleportation', accepted: ['false'], reason: 'the travel time check of teleported legs' },
  { module: 'routing', param: 'accessEgressType', accepted: ['none'], reason: 'access and egress walks to and from the network' },
  { module: 'routing', param: 'insertingAccessEgressWalk', accepted: ['false'], reason: 'access and egress walks to and from the network' },
  { module: 'scoring', param: 'fractionOfIterationsToStartScoreMSA', accepted: [], reason: 'score averaging (MSA)' },
  { module: 'scoring', param: 'usingOldScoringBelowZeroUtilityDuration', accepted: ['false'], reason: 'the old scoring of short activities' },
  // Without conflict resolvers (Java code) no plan conflicts, and the selector with conflicts removes the worst plan.
  { module: 'replanning', param: 'planSelectorForRemoval', accepted: ['WorstPlanSelector', 'WorstPlanForRemovalSelectorWithConflicts'], reason: 'other plan removal selectors' },
  { module: 'travelTimeCalculator', param: 'travelTimeGetter', accepted: ['average'], reason: 'interpolated travel times' },
  { module: 'travelTimeCalculator', param: 'travelTimeAggregator', accepted: ['optimistic'], reason: 'other travel time aggregation' },
  { module: 'travelTimeCalculator', param: 'calculateLinkToLinkTravelTimes', accepted: ['false'], reason: 'link-to-link travel times' },
  { module: 'subtourModeChoice', param: 'considerCarAvailability', accepted: ['false'], reason: 'car availability of persons' },
  { module: 'subtourModeChoice', param: 'behavior', accepted: ['fromSpecifiedModesToSpecifiedModes'], reason: 'other mode switch behaviours' },
  { module: 'subtourModeChoice', param: 'probaForRandomSingleTripMode', accepted: ['0'], reason: 'single-trip mode changes inside subtour mode choice' },
  { module: 'subtourModeChoice', param: 'coordDistance', accepted: ['0'], reason: 'subtours closed by coordinate distance' },
  { module: 'changeMode', param: 'ignoreCarAvailability', accepted: ['true'], reason: 'car availability of persons' },
  { module: 'changeMode', param: 'modeSwitchBehavior', accepted: ['fromSpecifiedModesToSpecifiedModes'], reason: 'other mode switch behaviours' },
  { module: 'timeAllocationMutator', param: 'mutateAroundInitialEndTimeOnly', accepted: ['false'], reason: 'mutation around the initial end time' },
  { module: 'vspExperimental', param: 'vspDefaultsCheckingLevel', accepted: ['ignore', 'info', 'warn'], reason: 'MATSim stops when the config deviates from VSP defaults' },
];
