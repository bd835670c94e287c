import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';

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

describe('translation catalogues', () => {
  const english = entries(en);
  const german = entries(de);

  it('have the same keys', () => {
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('use the same placeholders and no empty texts', () => {
    for (const [key, text] of english) {
      expect(text, key).not.toBe('');
      expect(placeholders(german.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });
});
