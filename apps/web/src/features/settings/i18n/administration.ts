/**
 * The administration pages' texts (accounts, groups, licences, server import): namespace `administration`, loaded
 * with the settings chunk so the first page does not carry them (catalogues.test.ts checks en/de parity).
 */
import i18n from '../../../i18n/index.ts';
import de from './administration.de.json';
import en from './administration.en.json';

export const ADMIN_NS = 'administration';
export const administrationCatalogues = { en, de };

for (const [language, catalogue] of Object.entries(administrationCatalogues)) {
  i18n.addResourceBundle(language, ADMIN_NS, catalogue, true, true);
}
