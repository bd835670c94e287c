/**
 * Why a modification cannot apply, as a code with its parameters (so the editor can say it in the user's language)
 * and an English text (`refusalText`: what `ModificationError` carries and the server's answers quote).
 */

interface ParamsByCode {
  nodeExists: { id: string };
  nodeNotFound: { id: string };
  linkExists: { id: string };
  linkNotFound: { id: string };
  /** A node is deleted only when no link is left on it (spec 2 §4). */
  nodeHasLinks: { id: string; count: number };
  stopExists: { id: string };
  stopNotFound: { id: string };
  lineExists: { id: string };
  lineNotFound: { id: string };
  routeExists: { lineId: string; id: string };
  routeNotFound: { lineId: string; id: string };
  /** A route stop or network-route position that the route does not have. */
  routePositionNotFound: { lineId: string; id: string; index: number };
  /** Spec 2 §4/§8: a stop assigned to a node without a self-loop link — where to assign it cannot be decided. */
  missingSelfLoop: { stopId: string; nodeId: string };
  drtVehicleExists: { id: string };
  drtVehicleNotFound: { id: string };
  /** Spec 2 §5: vehicles are added to a selected link; one without a start link is refused. */
  drtVehicleNoLink: { id: string };
  /** Spec 2 §5: capacity at least 1 (a text holding a whole number). */
  drtVehicleCapacity: { id: string; capacity: string };
  /** Operating hours: t0 <= t1. */
  drtVehicleTimes: { id: string; t0: number; t1: number };
  drtStopExists: { id: string };
  drtStopNotFound: { id: string };
  drtAreaExists: { id: string };
  drtAreaNotFound: { id: string };
  /** A ring that does not end where it starts, or has fewer than four positions (GeoJSON). */
  drtAreaNotClosed: { id: string };
  /** Positions are added and moved on an area of one polygon only. */
  drtAreaPolygons: { id: string; count: number };
  drtAreaPositionNotFound: { id: string; index: number };
}

export type RefusalCode = keyof ParamsByCode;

export type Refusal = { [C in RefusalCode]: { readonly code: C; readonly params: Readonly<ParamsByCode[C]> } }[RefusalCode];

export const refusal = <C extends RefusalCode>(code: C, params: ParamsByCode[C]) => ({ code, params }) as Refusal;

const ENGLISH: { [C in RefusalCode]: (params: ParamsByCode[C]) => string } = {
  nodeExists: ({ id }) => `Node ${id} exists`,
  nodeNotFound: ({ id }) => `Node ${id} not found`,
  linkExists: ({ id }) => `Link ${id} exists`,
  linkNotFound: ({ id }) => `Link ${id} not found`,
  nodeHasLinks: ({ id, count }) => `Node ${id} still has ${count} link(s)`,
  stopExists: ({ id }) => `Transit stop ${id} exists`,
  stopNotFound: ({ id }) => `Transit stop ${id} not found`,
  lineExists: ({ id }) => `Transit line ${id} exists`,
  lineNotFound: ({ id }) => `Transit line ${id} not found`,
  routeExists: ({ lineId, id }) => `Route ${id} exists in transit line ${lineId}`,
  routeNotFound: ({ lineId, id }) => `Route ${id} of transit line ${lineId} not found`,
  missingSelfLoop: ({ stopId, nodeId }) => `Node ${nodeId} has no self-loop link: cannot decide where to assign transit stop ${stopId}`,
  routePositionNotFound: ({ lineId, id, index }) => `Route ${id} of transit line ${lineId} has no position ${index}`,
  drtVehicleExists: ({ id }) => `DRT vehicle ${id} exists`,
  drtVehicleNotFound: ({ id }) => `DRT vehicle ${id} not found`,
  drtVehicleNoLink: ({ id }) => `DRT vehicle ${id} has no start link: select a link on the map`,
  drtVehicleCapacity: ({ id, capacity }) => `DRT vehicle ${id}: capacity must be a whole number of at least 1, not "${capacity}"`,
  drtVehicleTimes: ({ id, t0, t1 }) => `DRT vehicle ${id}: operating hours end (${t1} s) before they start (${t0} s)`,
  drtStopExists: ({ id }) => `DRT stop ${id} exists`,
  drtStopNotFound: ({ id }) => `DRT stop ${id} not found`,
  drtAreaExists: ({ id }) => `Service area ${id} exists`,
  drtAreaNotFound: ({ id }) => `Service area ${id} not found`,
  drtAreaNotClosed: ({ id }) => `Service area ${id} has a ring that does not end at its first point`,
  drtAreaPolygons: ({ id, count }) => `Service area ${id} has ${count} polygons: points can be added and moved on an area of one polygon only`,
  drtAreaPositionNotFound: ({ id, index }) => `Service area ${id} has no position ${index}`,
};

export const REFUSAL_CODES = Object.keys(ENGLISH) as readonly RefusalCode[];

export function refusalText(reason: Refusal): string {
  return (ENGLISH[reason.code] as (params: Refusal['params']) => string)(reason.params);
}
