/**
 * MATSim activity facilities (`facilities_v1.dtd` / `facilities_v2.dtd`; v2 adds `z`, an optional coordinate
 * and root attributes, so both read into this one model). Optional values stay undefined when the file has none.
 */
import type { Attributes } from '../common/attributes.ts';

export interface Facilities {
  name?: string;
  attributes?: Attributes;
  /** Insertion-ordered as in the file. */
  facilities: Map<string, Facility>;
  /** Root XML attributes the model has no field for (`aggregation_layer`, `xml:lang`), written back as read. */
  extra?: Record<string, string>;
}

export interface Facility {
  id: string;
  linkId?: string;
  /** A facility has a coordinate, a link, or both. */
  x?: number;
  y?: number;
  z?: number;
  desc?: string;
  activities: FacilityActivity[];
  attributes?: Attributes;
}

/** An activity option: what can be done at the facility, how many at once, and when. */
export interface FacilityActivity {
  type: string;
  /** Undefined means unlimited (MATSim omits `<capacity>` then). */
  capacity?: number;
  opentimes: OpeningTime[];
}

export type OpeningDay = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun' | 'wkday' | 'wkend' | 'wk';

export interface OpeningTime {
  /** DTD default `wk` when the file has none. */
  day: OpeningDay | (string & {});
  /** Seconds; an end before the start means open over midnight. */
  startTime: number;
  endTime: number;
  /** The times as the file wrote them (`08:00` vs `08:00:00`), written back while they still mean the value. */
  timeText?: { startTime?: string; endTime?: string };
}

export function emptyFacilities(): Facilities {
  return { facilities: new Map() };
}
