import { describe, expect, it } from 'vitest';
import { userLimit, userLimitRefusal } from './user-limit.ts';

describe('licence user limit', () => {
  it('is null without licences or when none names a user limit', () => {
    expect(userLimit([])).toBeNull();
    expect(userLimit([{ limits: {} }, { limits: { cores: 8 } }])).toBeNull();
  });

  it('reads users or maxUsers, numbers or numeric text, and takes the largest', () => {
    expect(userLimit([{ limits: { users: 3 } }])).toBe(3);
    expect(userLimit([{ limits: { maxUsers: '10' } }, { limits: { users: 4 } }])).toBe(10);
    expect(userLimit([{ limits: { users: 'many' } }, { limits: {} }])).toBeNull();
  });

  it('refuses only what goes beyond the limit', () => {
    expect(userLimitRefusal(null, 100, 1)).toBeNull();
    expect(userLimitRefusal(3, 2, 1)).toBeNull();
    expect(userLimitRefusal(3, 3, 0)).toBeNull();
    expect(userLimitRefusal(3, 3, 1)).toBe('The licence allows at most 3 active users (3 now). Block a user or add a licence with a higher limit first.');
  });
});
