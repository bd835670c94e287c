import { describe, expect, it } from 'vitest';
import { navGroupName } from './navGroup.ts';

const user = { groupName: 'alice', teams: [{ groupId: 1, groupName: 'alice', role: 'owner' as const }, { groupId: 2, groupName: 'Lab Team', role: 'member' as const }] };

describe('navGroupName', () => {
  it("is the page's group when it is one of the user's", () => {
    expect(navGroupName('/Lab%20Team/runs/7', user)).toBe('Lab Team');
    expect(navGroupName('/alice/scenarios', user)).toBe('alice');
  });
  it('is the personal group elsewhere, for groups not the user\'s and for bad addresses', () => {
    expect(navGroupName('/', user)).toBe('alice');
    expect(navGroupName('/settings/smtp', user)).toBe('alice');
    expect(navGroupName('/other-team/runs', user)).toBe('alice');
    expect(navGroupName('/%E0%A4%A/runs', user)).toBe('alice');
  });
});
