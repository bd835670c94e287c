/** Dataset keys: finding a free one when a moved dataset's key is taken in its new group. */

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
