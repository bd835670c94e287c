/** Test helper: asserts two catalogues (en, de) have the same keys, the same placeholders and no empty texts. */
import { expect } from 'vitest';

type Catalogue = { [key: string]: string | Catalogue };

function entries(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [inner, text] of entries(value, path)) result.set(inner, text);
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

export function expectSameKeys(en: object, de: object): void {
  const english = entries(en as Catalogue);
  const german = entries(de as Catalogue);
  expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
}

export function expectSamePlaceholders(en: object, de: object): void {
  const german = entries(de as Catalogue);
  for (const [key, text] of entries(en as Catalogue)) {
    expect(text, key).not.toBe('');
    expect(placeholders(german.get(key) ?? ''), key).toEqual(placeholders(text));
  }
}
