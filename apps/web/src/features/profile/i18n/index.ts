/**
 * My Profile's texts (security, devices, API keys): namespace `profile`, loaded with the profile page's chunk
 * (catalogues.test.ts checks en/de parity). The section names stay in the app catalogue (`profile.sections`).
 */
import i18n from '../../../i18n/index.ts';
import de from './de.json';
import en from './en.json';

export const PROFILE_NS = 'profile';
export const profileCatalogues = { en, de };

for (const [language, catalogue] of Object.entries(profileCatalogues)) {
  i18n.addResourceBundle(language, PROFILE_NS, catalogue, true, true);
}
