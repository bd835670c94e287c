/**
 * The layer filter of spec 2 §2 "Filters": one draft per link attribute (a lower and an upper bound for numbers,
 * a set of values for categorical attributes) turned into the network filter's conditions (§3) with the operators
 * the layer filter offers: >=, <= and in. Pure, so the sidebar only holds the draft.
 */
import type { LinkAttribute, NetworkCondition } from '@corridor/contract';

/** Fewer link attributes than this give the dense layout (every attribute shown). */
export const DENSE_LAYOUT_BELOW = 5;
/** A categorical filter closes its list this long after the input loses focus (§2 Filters). */
export const CATEGORY_BLUR_DELAY_MS = 100;

export interface AttributeDraft {
  readonly min?: number;
  readonly max?: number;
  readonly values?: readonly string[];
}

export type FilterDraft = Readonly<Record<string, AttributeDraft>>;

const isNumber = (value: number | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** The conditions of a draft, in the order of the attributes; attributes the network lacks are left out. */
export function buildConditions(attributes: readonly LinkAttribute[], draft: FilterDraft): NetworkCondition[] {
  const conditions: NetworkCondition[] = [];
  for (const { name, type } of attributes) {
    const entry = draft[name];
    if (!entry) continue;
    if (type === 'categorical') {
      if (entry.values && entry.values.length > 0) conditions.push({ attribute: name, operator: 'in', values: [...entry.values] });
      continue;
    }
    if (isNumber(entry.min)) conditions.push({ attribute: name, operator: '>=', value: entry.min });
    if (isNumber(entry.max)) conditions.push({ attribute: name, operator: '<=', value: entry.max });
  }
  return conditions;
}

/** The draft that gives these conditions back (the applied filters when the sidebar opens). */
export function draftFromConditions(conditions: readonly NetworkCondition[]): FilterDraft {
  const draft: Record<string, AttributeDraft> = {};
  for (const condition of conditions) {
    const entry = draft[condition.attribute] ?? {};
    if (condition.operator === 'in') draft[condition.attribute] = { ...entry, values: (condition.values ?? []).map(String) };
    else if (condition.operator === '>=') draft[condition.attribute] = { ...entry, min: condition.value };
    else if (condition.operator === '<=') draft[condition.attribute] = { ...entry, max: condition.value };
  }
  return draft;
}

/**
 * Which filters are shown: all of them in the dense layout (fewer than 5 attributes); otherwise the attributes
 * with an applied condition, the rest under "More attributes".
 */
export function filterLayout(
  attributes: readonly LinkAttribute[],
  applied: readonly NetworkCondition[],
): { dense: boolean; shown: LinkAttribute[]; more: LinkAttribute[] } {
  if (attributes.length < DENSE_LAYOUT_BELOW) return { dense: true, shown: [...attributes], more: [] };
  const active = new Set(applied.map((condition) => condition.attribute));
  return {
    dense: false,
    shown: attributes.filter((attribute) => active.has(attribute.name)),
    more: attributes.filter((attribute) => !active.has(attribute.name)),
  };
}

/** Two condition lists say the same (Apply is offered only when the draft differs from what is applied). */
export function sameConditions(a: readonly NetworkCondition[], b: readonly NetworkCondition[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
