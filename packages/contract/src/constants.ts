/** Product slug used in API paths: /api/v1/{product}/… */
export const PRODUCT = 'corridor';
export const API_PREFIX = '/api/v1';

/**
 * One password rule for every password a person sets (issue 25): setup, a change on the profile, a mailed
 * set-password link and an administrator's form all need at least this many characters, and every one of those forms
 * says so under the field. Spec 1 §9 names 6 for setup (3 for the profile's button, 5 for administrators in spec 3):
 * the strictest of them is the rule. docs/decisions.md "Issue 25 — One password rule".
 */
export const PASSWORD_MIN = 6;
/** Spec 1 §9 and §5. */
export const SETUP_PASSWORD_MIN = PASSWORD_MIN;
export const SETUP_LICENSE_KEY_MIN = 3;
/** The profile's Change Password button enables from the same minimum the server asks for. */
export const PROFILE_PASSWORD_MIN = PASSWORD_MIN;
export const HOME_LATEST_SCENARIOS = 3;
export const HOME_LATEST_RUNS = 5;

/** Engine versions offered by the setup wizard, the first is the default (spec 1 §2.6). */
export const ENGINE_VERSIONS = ['2025.0', '2024.0', '15.0', '14.0'] as const;
export type EngineVersion = (typeof ENGINE_VERSIONS)[number];
export const DEFAULT_ENGINE_VERSION: EngineVersion = '2025.0';

/** The administrator role name (spec 1 §6). */
export const ADMIN_ROLE = 'admin';

/** Local-storage keys: the only three the app writes (spec 1 §9). */
export const STORAGE_KEYS = {
  theme: 'corridor.theme',
  navCollapsed: 'corridor.navCollapsed',
  editorLevel: 'corridor.editorLevel',
} as const;

export const THEMES = ['light', 'system', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
