/** Dataset keys: reserved words, and finding a free one when a moved dataset's key is taken in its new group. */
import { RESERVED_SCENARIO_KEYS } from '@corridor/contract';
import { badRequest } from '../../shared/errors.ts';

/** A scenario key may not name a page of its group (/{group}/runs …); run addresses use ids, not keys. */
export function requireUsableKey(type: 'scenario' | 'run', key: string): void {
  if (type === 'scenario' && (RESERVED_SCENARIO_KEYS as readonly string[]).includes(key)) {
    throw badRequest(`The key "${key}" names a page of the group. Please choose another one.`);
  }
}

/** `base` when free, else `base-2`, `base-3`, … — the first suffix not taken. */
export function freeKey(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

export function duplicateKeyMessage(type: 'scenario' | 'run'): string {
  return `A ${type} with this key already exists in this group.`;
}
