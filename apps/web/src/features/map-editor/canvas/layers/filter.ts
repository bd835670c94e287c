/**
 * The sidebar's link filter applied to what is already loaded: the viewport query asks the server with the same
 * conditions, but links loaded before the filter changed stay in the store, so the map checks them itself.
 * Semantics follow the server's query: `in` on modes matches when any of the link's modes is listed.
 */
import type { NetworkCondition, NetworkLink } from '@corridor/contract';

function valueOf(link: NetworkLink, attribute: string): unknown {
  switch (attribute) {
    case 'length':
    case 'capacity':
    case 'lanes':
    case 'freespeed':
    case 'modes':
      return link[attribute];
    default:
      return link.attributes?.[attribute]?.value;
  }
}

function holds(value: unknown, condition: NetworkCondition): boolean {
  if (condition.operator === 'in') {
    const listed = new Set((condition.values ?? []).map(String));
    return Array.isArray(value) ? value.some((entry) => listed.has(String(entry))) : value !== undefined && listed.has(String(value));
  }
  if (typeof value !== 'number' || condition.value === undefined) return false;
  switch (condition.operator) {
    case '<':
      return value < condition.value;
    case '<=':
      return value <= condition.value;
    case '>=':
      return value >= condition.value;
    case '>':
      return value > condition.value;
  }
}

export function matchesConditions(link: NetworkLink, conditions: readonly NetworkCondition[]): boolean {
  return conditions.every((condition) => holds(valueOf(link, condition.attribute), condition));
}
