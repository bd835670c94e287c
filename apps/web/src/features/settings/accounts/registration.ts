/**
 * The accounts page's registration form (spec 3 §2.10): the sign-up flags, the language-selection flag `i18n` and two
 * settings, saved when changed.
 */
import type { Features, FeaturesUpdate, Settings, SettingsUpdate } from '@corridor/contract';

export interface Registration {
  accountsSignup: boolean;
  accountsRequireAuthorization: boolean;
  i18n: boolean;
  accountsSignupDomains: string;
  accountsAutoAuthDomains: string;
}

const FEATURE_FIELDS = ['accountsSignup', 'accountsRequireAuthorization', 'i18n'] as const;
const SETTING_FIELDS = ['accountsSignupDomains', 'accountsAutoAuthDomains'] as const;

export function registrationOf(settings: Settings, features: Features): Registration {
  return {
    accountsSignup: features.accountsSignup,
    accountsRequireAuthorization: features.accountsRequireAuthorization,
    i18n: features.i18n,
    accountsSignupDomains: settings.accountsSignupDomains,
    accountsAutoAuthDomains: settings.accountsAutoAuthDomains,
  };
}

/** Only what differs from the saved state; domain lists compared without surrounding blanks. */
export function registrationChanges(saved: Registration, draft: Registration): { settings: SettingsUpdate; features: FeaturesUpdate } {
  const settings: SettingsUpdate = {};
  const features: FeaturesUpdate = {};
  for (const field of FEATURE_FIELDS) if (draft[field] !== saved[field]) features[field] = draft[field];
  for (const field of SETTING_FIELDS) if (draft[field].trim() !== saved[field].trim()) settings[field] = draft[field].trim();
  return { settings, features };
}

export function hasRegistrationChanges(saved: Registration, draft: Registration): boolean {
  const { settings, features } = registrationChanges(saved, draft);
  return Object.keys(settings).length + Object.keys(features).length > 0;
}
