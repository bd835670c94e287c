/**
 * Filters of the vehicle layer and of the link analysis sections (spec 3 §3 "Filter entry (visualizer)", "Dynamic
 * analysis control"): a text value is split on commas for 'in' and 'not in' (and trimmed); a number attribute's
 * value is a number. Entries without a usable value are not sent.
 */
import type { LinkVolumeRequest, VisAttributeType, VisFilter, VisFilterOperator } from '@corridor/contract';
import { analysisTimeFilter } from './analysis.ts';
import type { AnalysisControl } from './layers.ts';

/** The one name vehicle filters take (the server filters vehicles on mode only). */
export const VEHICLE_FILTER_NAMES = ['mode'] as const;

export const FILTER_OPERATORS: readonly VisFilterOperator[] = ['=', '!=', 'in', 'not in'];

/** The filter's value as typed (a list joined by commas). */
export const filterText = (filter: VisFilter): string => (Array.isArray(filter.value) ? filter.value.join(', ') : String(filter.value));

export function filterValue(operator: VisFilterOperator, text: string, type: VisAttributeType | undefined): VisFilter['value'] {
  const numeric = type === 'decimal' || type === 'integer';
  if (isList(operator)) {
    const parts = text.split(',').map((part) => part.trim()).filter(Boolean);
    return numeric ? parts.join(',') : parts;
  }
  const trimmed = text.trim();
  return numeric && trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

const isList = (operator: VisFilterOperator) => operator === 'in' || operator === 'not in';

/** The filter with another operator: a list keeps its values for in/not in, and its first one for =/!=. */
export function withOperator(filter: VisFilter, operator: VisFilterOperator, type: VisAttributeType | undefined): VisFilter {
  const text = Array.isArray(filter.value) ? (isList(operator) ? filter.value.join(',') : (filter.value[0] ?? '')) : String(filter.value);
  return { ...filter, operator, value: filterValue(operator, text, type) };
}

/** The filters worth sending: a name and a non-empty value. */
export function activeFilters(filters: readonly VisFilter[]): VisFilter[] {
  return filters.filter((filter) => filter.name && (Array.isArray(filter.value) ? filter.value.length > 0 : String(filter.value) !== ''));
}

/** A link analysis request of a section at the global time: its time filter, its filters, and for flow bundle the link. */
export function analysisRequest(control: AnalysisControl, time: number): LinkVolumeRequest & { linkId?: string } {
  const timeFilter = analysisTimeFilter(control, time);
  const filters = activeFilters(control.filters ?? []);
  return { ...(timeFilter ? { timeFilter } : {}), ...(filters.length > 0 ? { filters } : {}), ...(control.linkId ? { linkId: control.linkId } : {}) };
}
