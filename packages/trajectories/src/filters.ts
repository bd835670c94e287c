/**
 * Visualizer filters on vehicle data (spec 3 §3 "Visualizer filter"). Vehicle data knows one attribute to filter
 * on, `mode`, with `=`, `!=`, `in`, `not in`; the value is a mode name or a list of them (a number is read as its
 * text). Anything else is refused with a VehicleDataRequestError naming the filter (the server answers 400 with its message).
 */
import type { VisFilter } from '@corridor/contract';
import { VehicleDataRequestError } from './api.ts';

const OPERATORS = ['=', '!=', 'in', 'not in'];

/** Per mode index (into `modes`): 1 when every filter keeps it; null without filters (all kept). */
export function modeMask(filters: readonly VisFilter[] | undefined, modes: readonly string[]): Uint8Array | null {
  if (filters === undefined || filters.length === 0) return null;
  const mask = new Uint8Array(modes.length).fill(1);
  for (const filter of filters) {
    if (filter.name !== 'mode') throw new VehicleDataRequestError(`Cannot filter vehicle data on "${filter.name}": only "mode" can be filtered.`);
    if (!OPERATORS.includes(filter.operator)) {
      throw new VehicleDataRequestError(`Cannot filter mode with "${filter.operator}": use one of ${OPERATORS.join(', ')}.`);
    }
    const values = new Set((Array.isArray(filter.value) ? filter.value : [filter.value]).map(String));
    const keep = filter.operator === '=' || filter.operator === 'in';
    modes.forEach((mode, i) => {
      if (values.has(mode) !== keep) mask[i] = 0;
    });
  }
  return mask;
}
