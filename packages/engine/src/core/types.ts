/**
 * The contracts between the engine's parts. Plans and persons are the @corridor/matsim population model, so what
 * the engine reads, replans and writes is one representation. Each part lives in its own folder:
 *
 *   scenario/   config → EngineConfig (with the unsupported-feature check), network → SimNetwork, loading
 *   mobsim/     the queue simulation: selected plans in, events out (QSim rules, matsim-facts §5)
 *   routing/    least-cost car routes on SimNetwork with TravelTimes; teleported legs
 *   scoring/    events → experienced plans → Charypar–Nagel scores (matsim-facts §6)
 *   analysis/   scorestats, modestats, traveldistancestats, stopwatch, trips/legs/persons/activities CSVs
 *   replanning/ selectors and innovative strategies (matsim-facts §7)
 *   controler/  the iteration loop, output directory, logfile, CLI
 */
import type { MatsimEvent, Person, Plan } from '@corridor/matsim';

/**
 * Receives every event of the mobsim, in time order. The mobsim also passes the vehicle's (= agent's) index and
 * the link's index with its vehicle events (`vehicle enters traffic`, `entered link`, `left link`, `vehicle leaves
 * traffic`), so listeners can keep per-vehicle state in typed arrays instead of maps keyed by id strings; events
 * from a file come without them.
 */
export type EventSink = (event: MatsimEvent, vehicle?: number, link?: number) => void;

/** The network as flat arrays, indexed by link/node index; ids map back for events and routes. */
export interface SimNetwork {
  linkIds: string[];
  nodeIds: string[];
  linkIndex: Map<string, number>;
  nodeIndex: Map<string, number>;
  /** Per link. */
  from: Int32Array;
  to: Int32Array;
  length: Float64Array;
  freespeed: Float64Array;
  /** Vehicles per hour (capacity / capperiod × 3600). */
  capacityPerHour: Float64Array;
  permlanes: Float64Array;
  /** Whether the link allows car (network mode) traffic. */
  allowsCar: Uint8Array;
  /** Per node. */
  x: Float64Array;
  y: Float64Array;
  /** Outgoing / incoming link indices per node (CSR layout). */
  outStart: Int32Array;
  outLinks: Int32Array;
  inStart: Int32Array;
  inLinks: Int32Array;
  effectiveCellSize: number;
}

/** Average link travel times per time bin from one iteration's events (free speed where a bin has no data). */
export interface TravelTimes {
  binSize: number;
  /** Seconds to traverse link `link` when entering at time `time`. */
  linkTravelTime(link: number, time: number): number;
  /** The same as plain arrays, for routing in worker threads. */
  data: TravelTimeData;
}

/** Per link the offset of its bins in `values`, −1 for a link that keeps free speed. */
export interface TravelTimeData {
  binSize: number;
  bins: number;
  offsets: Int32Array;
  values: Float64Array;
}

/** The config values the engine uses, read once (old and new module names alike). */
export interface EngineConfig {
  runId: string | undefined;
  outputDirectory: string;
  firstIteration: number;
  lastIteration: number;
  writeEventsInterval: number;
  writePlansInterval: number;
  randomSeed: number;
  networkFile: string;
  plansFile: string;
  vehiclesFile: string | undefined;
  /** facilities.inputFacilitiesFile when facilities.facilitiesSource is fromFile (else the file is not read). */
  facilitiesFile: string | undefined;
  /** The coordinates of the facilities read (teleported legs start and end there, as in MATSim's FacilitiesUtils). */
  facilityCoords?: ReadonlyMap<string, readonly [number, number]>;
  coordinateSystem: string;
  qsim: {
    startTime: number | undefined;
    endTime: number | undefined;
    flowCapacityFactor: number;
    storageCapacityFactor: number;
    stuckTime: number;
    removeStuckVehicles: boolean;
    mainModes: string[];
  };
  networkModes: string[];
  teleported: Map<string, { speed?: number; freespeedFactor?: number; beelineDistanceFactor: number }>;
  scoring: ScoringParams;
  replanning: ReplanningParams;
  /** Travel time bin size for the router (travelTimeCalculator.travelTimeBinSize, default 900). */
  travelTimeBinSize: number;
}

export interface ActivityParams {
  type: string;
  typicalDuration: number | undefined;
  minimalDuration?: number;
  openingTime?: number;
  closingTime?: number;
  latestStartTime?: number;
  earliestEndTime?: number;
  priority: number;
  typicalDurationScoreComputation: 'relative' | 'uniform';
  scoringThisActivityAtAll: boolean;
}

export interface ModeParams {
  mode: string;
  constant: number;
  marginalUtilityOfTraveling_util_hr: number;
  marginalUtilityOfDistance_util_m: number;
  monetaryDistanceRate: number;
  dailyUtilityConstant: number;
  dailyMonetaryConstant: number;
}

export interface ScoringParams {
  /** utils/h as in the config. */
  performing: number;
  lateArrival: number;
  earlyDeparture: number;
  waiting: number;
  waitingPt: number | undefined;
  marginalUtilityOfMoney: number;
  utilityOfLineSwitch: number;
  brainExpBeta: number;
  learningRate: number;
  activities: Map<string, ActivityParams>;
  modes: Map<string, ModeParams>;
}

export interface StrategySetting {
  strategyName: string;
  weight: number;
  disableAfterIteration: number | undefined;
  subpopulation: string | undefined;
}

export interface ReplanningParams {
  maxAgentPlanMemorySize: number;
  fractionOfIterationsToDisableInnovation: number;
  strategies: StrategySetting[];
  mutationRange: number;
  mutationAffectsDuration: boolean;
  subtourModes: string[];
  chainBasedModes: string[];
  changeModeModes: string[];
}

/** The engine's view of one agent: the matsim Person (all plans) plus which plan is selected. */
export type Agent = Person;
export type AgentPlan = Plan;
