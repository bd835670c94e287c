/** The help page's texts: namespace `help`, loaded with the page's chunk. */
import i18n from '../../../i18n/index.ts';
import de from './de.json';
import en from './en.json';

export const HELP_NS = 'help';
export const helpCatalogues = { en, de };

for (const [language, catalogue] of Object.entries(helpCatalogues)) {
  i18n.addResourceBundle(language, HELP_NS, catalogue, true, true);
}
