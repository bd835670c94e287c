/** Compare Runs' results texts (issue 25): namespace `compareResults`, registered with the page's chunk. */
import i18n from '../../../i18n/index.ts';
import de from './de.json';
import en from './en.json';

export const COMPARE_RESULTS_NS = 'compareResults';
export const compareResultsCatalogues = { en, de };

for (const [language, catalogue] of Object.entries(compareResultsCatalogues)) {
  i18n.addResourceBundle(language, COMPARE_RESULTS_NS, catalogue, true, true);
}
