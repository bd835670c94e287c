/**
 * MATSim traffic counts in both generations: `counts_v1.xsd` (hourly volumes per link, no namespace) and
 * `counts_v2.xsd` (what MATSim ≥ 2023 writes: measurement locations with per-mode, per-interval values). The
 * two differ in structure, so they are two shapes told apart by `version`; each is written back in its own
 * format, which keeps a round trip exact.
 */
import type { Attributes } from '../common/attributes.ts';

export type Counts = CountsV1 | CountsV2;

export interface CountsV1 {
  version: 1;
  name?: string;
  /** The `desc` attribute. */
  description?: string;
  year?: number;
  /** Legacy root attribute, kept for the round trip. */
  layer?: string;
  /** In file order. */
  stations: CountStation[];
}

/** `<count loc_id cs_id [x y]>` with `<volume h val/>` per hour. */
export interface CountStation {
  /** `loc_id`: the counted link. */
  linkId: string;
  /** `cs_id`: the counting station's own name. */
  stationId: string;
  x?: number;
  y?: number;
  volumes: HourlyVolume[];
}

export interface HourlyVolume {
  /** 1 = the hour from 00:00 to 01:00. */
  hour: number;
  /** Vehicles in that hour. */
  value: number;
}

export interface CountsV2 {
  version: 2;
  name?: string;
  description?: string;
  source?: string;
  year?: number;
  attributes?: Attributes;
  /** In file order. */
  locations: MeasurementLocation[];
}

/** `<location id [name] [description] [x y]>`: usually a link id. */
export interface MeasurementLocation {
  id: string;
  stationName?: string;
  description?: string;
  x?: number;
  y?: number;
  attributes?: Attributes;
  measurables: Measurable[];
}

/** `<measurements type mode interval>`, e.g. type `volume`, mode `car`, interval 60 (minutes). */
export interface Measurable {
  type: string;
  mode: string;
  interval: number;
  values: MeasuredValue[];
}

export interface MeasuredValue {
  /** The `t` attribute: start of the interval in seconds. */
  time: number;
  value: number;
}
