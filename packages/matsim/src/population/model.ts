/**
 * A MATSim population: `population_v6.dtd` / `population_v5.dtd` (root `<population>`) and the older
 * `plans_v4.dtd` (root `<plans>`, `<act dur>`), read into one model. Times are seconds; optional values stay
 * undefined when the file has none, so writing never invents a value.
 */
import type { Attributes } from '../common/attributes.ts';

export type PopulationVersion = 'v4' | 'v5' | 'v6';

/** Everything about a population except its persons (what precedes the first `<person>`). */
export interface PopulationHeader {
  /** The format the data was read from; writers use it only to decide what a target format can hold. */
  version: PopulationVersion;
  /** v5/v6 `desc`, v4 `name`. */
  desc?: string;
  /** Population attributes, e.g. `coordinateReferenceSystem`. */
  attributes?: Attributes;
  /**
   * Root XML attributes the model has no field for (v4 `xml:lang`, `reference_layer`). Like every `extra` in
   * this model, written back only when writing the version they were read from (the other version's DTD lacks
   * them).
   */
  extra?: Record<string, string>;
}

export interface Population extends PopulationHeader {
  /** Insertion-ordered as in the file. */
  persons: Map<string, Person>;
}

export interface Person {
  id: string;
  /** Legacy XML attributes (modern files use `attributes`). */
  sex?: string;
  age?: number;
  license?: string;
  carAvail?: string;
  employed?: string;
  attributes?: Attributes;
  plans: Plan[];
  /** XML attributes the model has no field for. */
  extra?: Record<string, string>;
}

export interface Plan {
  score?: number;
  /** As written (`selected="yes"`); MATSim treats the first plan as selected when none is (see `selectedPlan`). */
  selected: boolean;
  type?: string;
  attributes?: Attributes;
  /** Alternating activities and legs, starting and ending with an activity. */
  elements: PlanElement[];
  /** XML attributes the model has no field for (v4 `age`). */
  extra?: Record<string, string>;
}

export type PlanElement = Activity | Leg;

export interface Activity {
  kind: 'activity';
  type: string;
  link?: string;
  facility?: string;
  x?: number;
  y?: number;
  z?: number;
  /** Seconds. */
  startTime?: number;
  /** Seconds (`max_dur`; v4 `dur`). */
  maxDur?: number;
  /** Seconds. */
  endTime?: number;
  attributes?: Attributes;
  /** The times as the file wrote them (`06:00` vs `06:00:00`), written back while they still mean the value. */
  timeText?: TimeText<'startTime' | 'maxDur' | 'endTime'>;
  /** XML attributes the model has no field for (v4 `ref_id`). */
  extra?: Record<string, string>;
}

export interface Leg {
  kind: 'leg';
  mode: string;
  /** Seconds. */
  depTime?: number;
  /** Seconds. */
  travTime?: number;
  attributes?: Attributes;
  route?: Route;
  timeText?: TimeText<'depTime' | 'travTime'>;
  /** XML attributes the model has no field for (v4 `num`, `arr_time`). */
  extra?: Record<string, string>;
}

/** Route types MATSim writes; other strings are kept as they are. */
export type RouteType = 'links' | 'generic' | 'default_pt' | 'experimentalPt1' | (string & {});

export interface Route {
  /**
   * v5/v6 `type`. Undefined when the file has none: v6 files may omit it (MATSim then picks one from the leg
   * mode), and v4 routes never have one (see `nodeRoute`).
   */
  type?: RouteType;
  startLink?: string;
  endLink?: string;
  /** Seconds. */
  travTime?: number;
  /** Metres (v4 `dist`). */
  distance?: number;
  /** Network routes: the vehicle, `"null"` when there is none, as MATSim writes it. */
  vehicleRefId?: string;
  /**
   * The element text, trimmed as MATSim trims it: link ids separated by spaces (`links`), JSON (`default_pt`),
   * `PT1===…` (`experimentalPt1`), empty (`generic`); see `routeLinkIds` and `ptRouteInfo`.
   */
  description: string;
  /**
   * v4 routes list node ids, not link ids; MATSim converts them with the network when reading. Such routes
   * can only be written back as v4.
   */
  nodeRoute?: true;
  timeText?: TimeText<'travTime'>;
  /** XML attributes the model has no field for (v4 `type`, `num_nodes`, `num_intersects`). */
  extra?: Record<string, string>;
}

export type TimeText<K extends string> = Partial<Record<K, string>>;

export function emptyPopulation(version: PopulationVersion = 'v6'): Population {
  return { version, persons: new Map() };
}

/** The plan MATSim uses: the one marked selected, else the first (as MATSim's `addPlan` selects it). */
export function selectedPlan(person: Person): Plan | undefined {
  return person.plans.find((plan) => plan.selected) ?? person.plans[0];
}

export function isActivity(element: PlanElement): element is Activity {
  return element.kind === 'activity';
}

export function isLeg(element: PlanElement): element is Leg {
  return element.kind === 'leg';
}
