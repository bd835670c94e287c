import { describe, expect, it } from 'vitest';
import { importDatasetOf, tabOf, withDataset, withTab } from './listSearch.ts';

const search = (text: string) => new URLSearchParams(text);

describe('dashboards list address', () => {
  it('opens the dashboards tab by default', () => expect(tabOf(search(''))).toBe('dashboards'));
  it('opens the tables tab for tab=tables or an import parameter', () => {
    expect(tabOf(search('tab=tables'))).toBe('tables');
    expect(tabOf(search('import=12'))).toBe('tables');
    expect(tabOf(search('tab=other'))).toBe('dashboards');
  });
  it('reads only positive whole dataset ids', () => {
    expect(importDatasetOf(search('import=12'))).toBe(12);
    for (const bad of ['', 'import=', 'import=0', 'import=-3', 'import=1.5', 'import=abc', 'import=1e3']) {
      expect(importDatasetOf(search(bad)), bad).toBeUndefined();
    }
  });
  it('keeps the tab in the address and drops the dataset on the dashboards tab', () => {
    expect(withTab(search('import=5'), 'tables').toString()).toBe('import=5&tab=tables');
    expect(withTab(search('tab=tables&import=5&x=1'), 'dashboards').toString()).toBe('x=1');
  });
  it('sets and clears the chosen dataset', () => {
    expect(withDataset(search(''), 7).toString()).toBe('tab=tables&import=7');
    expect(withDataset(search('tab=tables&import=7'), undefined).toString()).toBe('tab=tables');
  });
});
