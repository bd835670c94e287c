import { describe, expect, it } from 'vitest';
import { byModifiedDesc } from './dashboardOrder.ts';

describe('dashboards list order', () => {
  it('puts the latest change first and breaks ties by id', () => {
    const list = [
      { id: 3, modified: '2025-01-01T10:00:00Z' },
      { id: 1, modified: '2025-03-01T10:00:00Z' },
      { id: 2, modified: '2025-01-01T10:00:00Z' },
    ];
    expect(byModifiedDesc(list).map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(list.map((entry) => entry.id)).toEqual([3, 1, 2]);
  });
});
