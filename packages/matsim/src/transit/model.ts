/**
 * A MATSim transit schedule (`transitSchedule_v1.dtd` / `transitSchedule_v2.dtd`). v1 is a subset of v2, so both
 * read into this one model. Times and offsets are seconds; optional values stay undefined when the file has none,
 * so writing never invents a value the file did not hold.
 */
import type { Attributes } from '../common/attributes.ts';

export interface TransitSchedule {
  attributes?: Attributes;
  /** Insertion-ordered as in the file. */
  stops: Map<string, StopFacility>;
  minimalTransferTimes: MinimalTransferTime[];
  lines: Map<string, TransitLine>;
}

export interface StopFacility {
  id: string;
  x: number;
  y: number;
  z?: number;
  linkRefId?: string;
  name?: string;
  stopAreaId?: string;
  /** DTD default: false. */
  isBlocking?: boolean;
  attributes?: Attributes;
}

/** The least time in seconds a passenger needs to change from one stop to another (in that direction). */
export interface MinimalTransferTime {
  fromStop: string;
  toStop: string;
  transferTime: number;
}

export interface TransitLine {
  id: string;
  name?: string;
  attributes?: Attributes;
  /** Route ids are unique within their line only. */
  routes: Map<string, TransitRoute>;
}

export interface TransitRoute {
  id: string;
  attributes?: Attributes;
  description?: string;
  transportMode: string;
  stops: RouteStop[];
  /** Network route: start link, middle links, end link; empty when the route has no `<route>`. */
  links: string[];
  departures: Departure[];
}

export interface RouteStop {
  /** Id of a stop facility. */
  refId: string;
  /** Seconds after the departure time; `departureOffset` is required on every stop but the last. */
  arrivalOffset?: number;
  departureOffset?: number;
  /** DTD defaults: boarding and alighting true, awaitDeparture false. */
  allowBoarding?: boolean;
  allowAlighting?: boolean;
  awaitDeparture?: boolean;
}

export interface Departure {
  /** Unique within the line. */
  id: string;
  /** Seconds since midnight. */
  departureTime: number;
  vehicleRefId?: string;
  attributes?: Attributes;
  /** Newest MATSim: the vehicle continues as these departures (line and route default to this one's). */
  chainedDepartures?: ChainedDeparture[];
}

export interface ChainedDeparture {
  toDeparture: string;
  toTransitLine?: string;
  toTransitRoute?: string;
}

export function emptyTransitSchedule(): TransitSchedule {
  return { stops: new Map(), minimalTransferTimes: [], lines: new Map() };
}
