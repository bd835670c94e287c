/**
 * The configuration editor's schema (spec 1 §3.1, §5.1, §9): every module and field the form offers, as data.
 * Bindings use MATSim's current module names; the binding layer maps them to the naming of the file.
 */
import { from } from './levels.ts';
import type { Field, GroupItem, HintKey, ModuleTab, Schema } from './types.ts';

const BEGINNER = from('beginner');
const ADVANCED = from('advanced');
const EXPERT = from('expert');

/** §9: beginner and advanced offer the same strategies; expert adds six; custom values allowed. */
const BASIC_STRATEGIES = [
  'ChangeExpBeta',
  'BestScore',
  'ReRoute',
  'TimeAllocationMutator',
  'ChangeLegMode',
  'TimeAllocationMutator_ReRoute',
  'SubtourModeChoice',
  'ChangeTripMode',
] as const;
const EXPERT_STRATEGIES = [
  ...BASIC_STRATEGIES,
  'SelectExpBeta',
  'KeepLastSelected',
  'SelectRandom',
  'ChangeSingleLegMode',
  'ChangeSingleTripMode',
  'TripSubtourModeChoice',
] as const;
export const STRATEGY_CHOICES = { beginner: BASIC_STRATEGIES, advanced: BASIC_STRATEGIES, expert: EXPERT_STRATEGIES };
/** §9: no custom value. */
export const ROUTING_ALGORITHMS = ['Dijkstra', 'AStarLandmarks', 'SpeedyALT'] as const;
/** §9: door2door is the default. */
export const DRT_OPERATIONAL_SCHEMES = ['door2door', 'stopbased', 'serviceAreaBased'] as const;

/** The replanning strategies that read the subtourModeChoice module (MATSim's SubtourModeChoice and its trip variant). */
export const SUBTOUR_STRATEGIES = ['SubtourModeChoice', 'TripSubtourModeChoice'];
/** TimeAllocationMutator, TimeAllocationMutator_ReRoute, … read the timeAllocationMutator module. */
export const TIME_MUTATOR_STRATEGIES = ['TimeAllocationMutator*'];

const STRATEGY_GROUP: GroupItem = {
  kind: 'group',
  id: 'replanning.strategysettings',
  label: 'strategySettings',
  binding: 'replanning.strategysettings',
  levels: BEGINNER,
  flatIndex: true,
  titleField: 'strategyName',
  newEntry: { strategyName: 'ReRoute', weight: '0.1' },
  fields: [
    {
      kind: 'select',
      id: 'replanning.strategysettings.strategyName',
      label: 'strategyName',
      binding: 'strategyName',
      flat: 'Module',
      levels: BEGINNER,
      pattern: 'name',
      options: { values: STRATEGY_CHOICES, custom: true },
    },
    {
      kind: 'text',
      id: 'replanning.strategysettings.weight',
      label: 'weight',
      binding: 'weight',
      flat: 'ModuleProbability',
      levels: BEGINNER,
      pattern: 'nonNegativeFloat',
    },
    {
      kind: 'text',
      id: 'replanning.strategysettings.disableAfterIteration',
      label: 'disableAfterIteration',
      binding: 'disableAfterIteration',
      flat: 'ModuleDisableAfterIteration',
      levels: ADVANCED,
      pattern: 'iterationOrNever',
      hint: 'disableAfterIteration',
    },
    {
      kind: 'text',
      id: 'replanning.strategysettings.subpopulation',
      label: 'subpopulation',
      binding: 'subpopulation',
      flat: 'ModuleSubpopulation',
      levels: ADVANCED,
    },
  ],
};

/** A time field of scoring's activity parameters, also read from the old flat `activity<Name>_<n>` params. */
function activityTime(param: string, levels: Field['levels'], required = false): Field {
  return {
    kind: 'text',
    id: `scoring.activityParams.${param}`,
    label: param,
    binding: param,
    flat: `activity${param[0]!.toUpperCase()}${param.slice(1)}`,
    levels,
    pattern: required ? 'requiredTime' : 'time',
  };
}

const ACTIVITY_GROUP: GroupItem = {
  kind: 'group',
  id: 'scoring.activityParams',
  label: 'activityParams',
  binding: 'scoring.activityParams',
  within: ['scoringParameters'],
  levels: BEGINNER,
  flatIndex: true,
  titleField: 'activityType',
  newEntry: { activityType: '', typicalDuration: '' },
  fields: [
    {
      kind: 'text',
      id: 'scoring.activityParams.activityType',
      label: 'activityType',
      binding: 'activityType',
      flat: 'activityType',
      levels: BEGINNER,
      pattern: 'name',
    },
    activityTime('typicalDuration', BEGINNER, true),
    activityTime('minimalDuration', ADVANCED),
    activityTime('openingTime', ADVANCED),
    activityTime('closingTime', ADVANCED),
    activityTime('latestStartTime', EXPERT),
    activityTime('earliestEndTime', EXPERT),
  ],
};

function modeNumber(param: string, levels: Field['levels']): Field {
  return { kind: 'text', id: `scoring.modeParams.${param}`, label: param, binding: param, levels, pattern: 'float' };
}

const MODE_GROUP: GroupItem = {
  kind: 'group',
  id: 'scoring.modeParams',
  label: 'modeParams',
  binding: 'scoring.modeParams',
  within: ['scoringParameters'],
  levels: ADVANCED,
  titleField: 'mode',
  newEntry: { mode: '' },
  fields: [
    { kind: 'text', id: 'scoring.modeParams.mode', label: 'mode', binding: 'mode', levels: ADVANCED, pattern: 'name' },
    modeNumber('constant', ADVANCED),
    modeNumber('marginalUtilityOfTraveling_util_hr', ADVANCED),
    modeNumber('marginalUtilityOfDistance_util_m', EXPERT),
    modeNumber('dailyUtilityConstant', EXPERT),
    modeNumber('dailyMonetaryConstant', EXPERT),
    modeNumber('monetaryDistanceRate', EXPERT),
  ],
};

function teleported(param: string, hint?: HintKey): Field {
  return {
    kind: 'text',
    id: `routing.teleportedModeParameters.${param}`,
    label: param,
    binding: param,
    levels: ADVANCED,
    pattern: 'nonNegativeFloat',
    ...(hint ? { hint } : {}),
  };
}

const TELEPORTED_GROUP: GroupItem = {
  kind: 'group',
  id: 'routing.teleportedModeParameters',
  label: 'teleportedModeParameters',
  binding: 'routing.teleportedModeParameters',
  levels: ADVANCED,
  titleField: 'mode',
  newEntry: { mode: '' },
  fields: [
    { kind: 'text', id: 'routing.teleportedModeParameters.mode', label: 'mode', binding: 'mode', levels: ADVANCED, pattern: 'name' },
    teleported('teleportedModeSpeed', 'speedOrFactor'),
    teleported('beelineDistanceFactor'),
    teleported('teleportedModeFreespeedFactor', 'speedOrFactor'),
  ],
};

/** A non-negative number of a DRT operator; `binding` may name nested parametersets (`drtfare.basefare`). */
function drtNumber(binding: string, levels: Field['levels'], extra: Partial<Field> = {}): Field {
  const param = binding.slice(binding.lastIndexOf('.') + 1);
  return { kind: 'text', id: `multiModeDrt.drt.${param}`, label: param, binding, levels, pattern: 'nonNegativeFloat', ...extra } as Field;
}
function drtFlag(binding: string, defaultValue: boolean, legacyBinding?: string): Field {
  const param = binding.slice(binding.lastIndexOf('.') + 1);
  return {
    kind: 'checkbox',
    id: `multiModeDrt.drt.${param}`,
    label: param,
    binding,
    levels: EXPERT,
    defaultValue,
    ...(legacyBinding ? { legacyBinding } : {}),
  };
}
function drtFile(param: string): Field {
  return { kind: 'fileSelect', id: `multiModeDrt.drt.${param}`, label: param, binding: param, levels: BEGINNER };
}
/** Newer DRT releases keep these constraints in a `drtOptimizationConstraints` parameterset. */
const CONSTRAINTS = 'drtOptimizationConstraints';

const DRT_GROUP: GroupItem = {
  kind: 'group',
  id: 'multiModeDrt.drt',
  label: 'drtOperators',
  binding: 'multiModeDrt.drt',
  levels: BEGINNER,
  titleField: 'mode',
  titleDefault: 'drt',
  newEntry: { mode: 'drt', operationalScheme: 'door2door' },
  fields: [
    // Unset means MATSim's default mode `drt`, so no value is required here.
    { kind: 'text', id: 'multiModeDrt.drt.mode', label: 'mode', binding: 'mode', levels: BEGINNER },
    {
      kind: 'select',
      id: 'multiModeDrt.drt.operationalScheme',
      label: 'operationalScheme',
      binding: 'operationalScheme',
      levels: BEGINNER,
      options: { values: DRT_OPERATIONAL_SCHEMES, custom: false },
    },
    drtFile('drtServiceAreaShapeFile'),
    drtFile('transitStopFile'),
    drtFile('vehiclesFile'),
    drtNumber(`${CONSTRAINTS}.maxTravelTimeAlpha`, ADVANCED, { legacyBinding: 'maxTravelTimeAlpha', hint: 'drtAlpha' }),
    drtNumber(`${CONSTRAINTS}.maxTravelTimeBeta`, ADVANCED, { legacyBinding: 'maxTravelTimeBeta', hint: 'drtBeta' }),
    drtNumber(`${CONSTRAINTS}.maxWaitTime`, ADVANCED, { legacyBinding: 'maxWaitTime' }),
    drtNumber('maxWalkDistance', ADVANCED),
    drtNumber('stopDuration', ADVANCED, { hint: 'drtStopDuration' }),
    drtFlag('changeStartLinkToLastLinkInSchedule', false),
    drtFlag('idleVehiclesReturnToDepots', false),
    drtFlag('useModeFilteredSubnetwork', false),
    drtFlag(`${CONSTRAINTS}.rejectRequestIfMaxWaitOrTravelTimeViolated`, true, 'rejectRequestIfMaxWaitOrTravelTimeViolated'),
    drtFlag('writeDetailedCustomerStats', true),
    drtNumber('drtfare.basefare', EXPERT),
    drtNumber('drtfare.minFarePerTrip', EXPERT),
    drtNumber('drtfare.dailySubscriptionFee', EXPERT),
    drtNumber('drtfare.distanceFare_m', EXPERT),
    drtNumber('drtfare.timeFare_h', EXPERT),
    drtNumber('zonalSystem.SquareGridZoneSystem.cellSize', EXPERT, { legacyBinding: 'zonalSystem.cellSize' }),
  ],
};

const TABS: ModuleTab[] = [
  {
    module: 'controller',
    items: [
      { kind: 'text', id: 'controller.lastIteration', label: 'lastIteration', binding: 'controller.lastIteration', levels: BEGINNER, pattern: 'nonNegativeInteger' },
      { kind: 'text', id: 'controller.runId', label: 'runId', binding: 'controller.runId', levels: ADVANCED },
      { kind: 'text', id: 'controller.writeEventsInterval', label: 'writeEventsInterval', binding: 'controller.writeEventsInterval', levels: ADVANCED, pattern: 'nonNegativeInteger' },
      {
        kind: 'text',
        id: 'controller.writePlansInterval',
        label: 'writePlansInterval',
        binding: 'controller.writePlansInterval',
        levels: ADVANCED,
        pattern: 'nonNegativeInteger',
        hint: 'writePlansInterval',
      },
      // MATSim replaced the flag createGraphs with createGraphsInterval when it renamed its modules.
      { kind: 'checkbox', id: 'controller.createGraphs', label: 'createGraphs', binding: 'controller.createGraphs', levels: ADVANCED, defaultValue: true, naming: 'old' },
      { kind: 'text', id: 'controller.createGraphsInterval', label: 'createGraphsInterval', binding: 'controller.createGraphsInterval', levels: ADVANCED, pattern: 'nonNegativeInteger', naming: 'new' },
    ],
  },
  {
    module: 'qsim',
    items: [
      { kind: 'text', id: 'qsim.endTime', label: 'endTime', binding: 'qsim.endTime', levels: BEGINNER, pattern: 'time' },
      { kind: 'text', id: 'qsim.flowCapacityFactor', label: 'flowCapacityFactor', binding: 'qsim.flowCapacityFactor', levels: BEGINNER, pattern: 'nonNegativeFloat' },
      { kind: 'text', id: 'qsim.storageCapacityFactor', label: 'storageCapacityFactor', binding: 'qsim.storageCapacityFactor', levels: BEGINNER, pattern: 'nonNegativeFloat' },
      { kind: 'text', id: 'qsim.numberOfThreads', label: 'numberOfThreads', binding: 'qsim.numberOfThreads', levels: ADVANCED, pattern: 'nonNegativeInteger' },
    ],
  },
  {
    module: 'eventsManager',
    items: [
      { kind: 'text', id: 'eventsManager.numberOfThreads', label: 'numberOfThreads', binding: 'eventsManager.numberOfThreads', levels: EXPERT, pattern: 'threadsOrNull' },
      { kind: 'checkbox', id: 'eventsManager.synchronizeOnSimSteps', label: 'synchronizeOnSimSteps', binding: 'eventsManager.synchronizeOnSimSteps', levels: EXPERT, defaultValue: true },
    ],
  },
  {
    module: 'transit',
    items: [{ kind: 'checkbox', id: 'transit.useTransit', label: 'useTransit', binding: 'transit.useTransit', levels: ADVANCED, defaultValue: false }],
  },
  {
    module: 'global',
    items: [{ kind: 'text', id: 'global.numberOfThreads', label: 'numberOfThreads', binding: 'global.numberOfThreads', levels: ADVANCED, pattern: 'nonNegativeInteger' }],
  },
  {
    module: 'replanning',
    items: [
      {
        kind: 'text',
        id: 'replanning.fractionOfIterationsToDisableInnovation',
        label: 'fractionOfIterationsToDisableInnovation',
        binding: 'replanning.fractionOfIterationsToDisableInnovation',
        levels: ADVANCED,
        pattern: 'fractionOrInfinity',
      },
      STRATEGY_GROUP,
    ],
  },
  {
    module: 'timeAllocationMutator',
    visibleWhen: { strategies: TIME_MUTATOR_STRATEGIES },
    items: [{ kind: 'text', id: 'timeAllocationMutator.mutationRange', label: 'mutationRange', binding: 'timeAllocationMutator.mutationRange', levels: BEGINNER, pattern: 'nonNegativeFloat' }],
  },
  {
    module: 'subtourModeChoice',
    visibleWhen: { strategies: SUBTOUR_STRATEGIES },
    items: [
      { kind: 'text', id: 'subtourModeChoice.modes', label: 'modes', binding: 'subtourModeChoice.modes', levels: BEGINNER },
      { kind: 'text', id: 'subtourModeChoice.chainBasedModes', label: 'chainBasedModes', binding: 'subtourModeChoice.chainBasedModes', levels: ADVANCED },
      { kind: 'checkbox', id: 'subtourModeChoice.considerCarAvailability', label: 'considerCarAvailability', binding: 'subtourModeChoice.considerCarAvailability', levels: ADVANCED, defaultValue: false },
    ],
  },
  {
    module: 'routing',
    items: [
      // MATSim reads the routing algorithm from the controller module; the spec lists it with routing.
      {
        kind: 'select',
        id: 'controller.routingAlgorithmType',
        label: 'routingAlgorithmType',
        binding: 'controller.routingAlgorithmType',
        levels: EXPERT,
        options: { values: ROUTING_ALGORITHMS, custom: false },
      },
      { kind: 'text', id: 'routing.networkModes', label: 'networkModes', binding: 'routing.networkModes', levels: ADVANCED },
      TELEPORTED_GROUP,
    ],
  },
  { module: 'scoring', items: [ACTIVITY_GROUP, MODE_GROUP] },
  {
    module: 'dvrp',
    optional: true,
    items: [
      { kind: 'text', id: 'dvrp.mobsimMode', label: 'mobsimMode', binding: 'dvrp.mobsimMode', levels: EXPERT },
      { kind: 'text', id: 'dvrp.networkModes', label: 'networkModes', binding: 'dvrp.networkModes', levels: ADVANCED },
      { kind: 'text', id: 'dvrp.travelTimeEstimationAlpha', label: 'travelTimeEstimationAlpha', binding: 'dvrp.travelTimeEstimationAlpha', levels: EXPERT, pattern: 'fraction' },
      { kind: 'text', id: 'dvrp.travelTimeEstimationBeta', label: 'travelTimeEstimationBeta', binding: 'dvrp.travelTimeEstimationBeta', levels: EXPERT, pattern: 'nonNegativeFloat' },
    ],
  },
  { module: 'multiModeDrt', optional: true, items: [DRT_GROUP] },
];

export const CONFIG_SCHEMA: Schema = TABS;

/** The group whose selected strategies decide the visibility of strategy-dependent modules. */
export const STRATEGY_GROUP_ITEM = STRATEGY_GROUP;
