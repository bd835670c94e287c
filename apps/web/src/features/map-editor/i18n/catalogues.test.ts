import { describe, expect, it } from 'vitest';
import { editorCatalogues } from './index.ts';

type Catalogue = { [key: string]: string | Catalogue };

function keys(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [inner, text] of keys(value, path)) result.set(inner, text);
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('map editor catalogues', () => {
  const en = keys(editorCatalogues.en as Catalogue);
  const de = keys(editorCatalogues.de as Catalogue);
  it('have the same keys in en and de', () => {
    expect([...de.keys()].sort()).toEqual([...en.keys()].sort());
  });
  it('use the same placeholders and no empty texts', () => {
    for (const [key, text] of en) {
      expect(text, key).not.toBe('');
      expect(placeholders(de.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });
});
