/**
 * A MATSim network (`network_v1.dtd` / `network_v2.dtd`; v1 is v2 without `<attributes>` blocks, so both read into
 * this one model). Optional values stay undefined when the file has none, so writing never invents a value.
 */
import type { Attributes } from '../common/attributes.ts';

export interface Network {
  name?: string;
  /** The `coordinateReferenceSystem` network attribute; kept here rather than in `attributes`. */
  crs?: string;
  attributes?: Attributes;
  /** Seconds over which link capacities are counted (`<links capperiod>`; DTD default 01:00:00). */
  capperiod: number;
  /** Metres; MATSim assumes 7.5 when absent. */
  effectivecellsize?: number;
  /** Metres; MATSim assumes 3.75 when absent. */
  effectivelanewidth?: number;
  /** Insertion-ordered as in the file. */
  nodes: Map<string, Node>;
  links: Map<string, Link>;
  /** Root XML attributes the model has no field for (`type`, `xml:lang`, …), written back as read. */
  extra?: Record<string, string>;
}

export interface Node {
  id: string;
  x: number;
  y: number;
  z?: number;
  type?: string;
  origid?: string;
  attributes?: Attributes;
  /** XML attributes the model has no field for, written back as read. */
  extra?: Record<string, string>;
}

export interface Link {
  id: string;
  /** Node ids. */
  from: string;
  to: string;
  /** Metres. */
  length: number;
  /** Metres per second. */
  freespeed: number;
  /** Vehicles per `capperiod`. */
  capacity: number;
  permlanes: number;
  /** MATSim links are always one-way (`oneway="1"`, the DTD's fixed value); false only for a file saying `0`. */
  oneway: boolean;
  /** DTD default `car`. Read lists are frozen and shared between links: replace a link's list to change it. */
  modes: readonly string[];
  /**
   * v1 files carry `type` and `origid` as XML attributes; v2 files normally hold them in `attributes` instead
   * (see `linkType`), and both stay where they were found.
   */
  origid?: string;
  type?: string;
  attributes?: Attributes;
  /** XML attributes the model has no field for (`volume`, `nt_category`, `nt_type`, …), written back as read. */
  extra?: Record<string, string>;
}

export const DEFAULT_CAPPERIOD = 3600;
export const CRS_ATTRIBUTE = 'coordinateReferenceSystem';

export function emptyNetwork(): Network {
  return { capperiod: DEFAULT_CAPPERIOD, nodes: new Map(), links: new Map() };
}

/** The link's type, wherever the file put it: the v1 XML attribute or the v2 `type` attribute. */
export function linkType(link: Link): string | undefined {
  return link.type ?? link.attributes?.get('type')?.text;
}

/** The link's original id (e.g. an OSM way), wherever the file put it. */
export function linkOrigId(link: Link): string | undefined {
  return link.origid ?? link.attributes?.get('origid')?.text;
}
