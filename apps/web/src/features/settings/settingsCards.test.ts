import { describe, expect, it } from 'vitest';
import { settingsCardsFor } from './settingsCards.ts';

const linksOf = (roles: string[]) => settingsCardsFor(roles).map((card) => [card.key, card.links.map((link) => link.key)]);

describe('settings home cards', () => {
  it('shows every card and link to administrators', () => {
    expect(linksOf(['admin'])).toEqual([
      ['userManagement', ['accounts', 'groups']],
      ['jobsRunners', ['runners', 'jobTemplates', 'matsimReleases']],
      ['other', ['smtp', 'licenses', 'serverImport']],
      ['monitoring', ['sysinfo', 'metrics']],
    ]);
  });

  it('shows only Groups and Runners to everyone else', () => {
    expect(linksOf([])).toEqual([
      ['userManagement', ['groups']],
      ['jobsRunners', ['runners']],
    ]);
    expect(linksOf(['user'])).toEqual(linksOf([]));
  });

  it('links the metrics dashboard outside /settings', () => {
    const monitoring = settingsCardsFor(['admin']).find((card) => card.key === 'monitoring');
    expect(monitoring?.links.map((link) => link.path)).toEqual(['/settings/sysinfo', '/admin/metrics']);
  });
});
