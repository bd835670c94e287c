import { ADMIN_ROLE } from '@corridor/contract';

export type SettingsCardKey = 'userManagement' | 'jobsRunners' | 'other' | 'monitoring';
export type SettingsLinkKey =
  | 'accounts'
  | 'groups'
  | 'runners'
  | 'jobTemplates'
  | 'matsimReleases'
  | 'smtp'
  | 'licenses'
  | 'serverImport'
  | 'sysinfo'
  | 'metrics';

export interface SettingsLink {
  key: SettingsLinkKey;
  path: string;
  adminOnly: boolean;
}
export interface SettingsCard {
  key: SettingsCardKey;
  links: SettingsLink[];
}

/** The settings home cards of spec 3 §2.8, with who may see each link (spec 3 §6). */
export const SETTINGS_CARDS: readonly SettingsCard[] = [
  {
    key: 'userManagement',
    links: [
      { key: 'accounts', path: '/settings/accounts', adminOnly: true },
      { key: 'groups', path: '/settings/groups', adminOnly: false },
    ],
  },
  {
    key: 'jobsRunners',
    links: [
      { key: 'runners', path: '/settings/runners', adminOnly: false },
      { key: 'jobTemplates', path: '/settings/job-templates', adminOnly: true },
      { key: 'matsimReleases', path: '/settings/matsim-releases', adminOnly: true },
    ],
  },
  {
    key: 'other',
    links: [
      { key: 'smtp', path: '/settings/smtp', adminOnly: true },
      { key: 'licenses', path: '/settings/licenses', adminOnly: true },
      { key: 'serverImport', path: '/settings/server-import', adminOnly: true },
    ],
  },
  {
    key: 'monitoring',
    links: [
      { key: 'sysinfo', path: '/settings/sysinfo', adminOnly: true },
      { key: 'metrics', path: '/admin/metrics', adminOnly: true },
    ],
  },
];

/** The cards a user sees: admin-only links hidden from others, and cards left without links dropped. */
export function settingsCardsFor(roles: readonly string[]): SettingsCard[] {
  const admin = roles.includes(ADMIN_ROLE);
  return SETTINGS_CARDS.map((card) => ({ ...card, links: card.links.filter((link) => admin || !link.adminOnly) })).filter(
    (card) => card.links.length > 0,
  );
}
