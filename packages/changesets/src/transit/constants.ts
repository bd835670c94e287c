/** Spec 2 §9 constants of public transport. */

/** A route stop added at the end: the previous stop's offsets plus 60 seconds. */
export const ROUTE_STOP_END_OFFSET_S = 60;
/** A new stop's name: "Stop-" plus its id. */
export const NEW_STOP_NAME_PREFIX = 'Stop-';
/** Duplicated routes get this suffix on their name (spec 2 §4). */
export const DUPLICATED_SUFFIX = '_duplicated';
