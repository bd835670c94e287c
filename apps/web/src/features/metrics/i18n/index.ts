/** The metrics dashboard's texts: namespace `metrics`, loaded with the page's chunk (checked in catalogues.test.ts). */
import i18n from '../../../i18n/index.ts';
import de from './de.json';
import en from './en.json';

export const METRICS_NS = 'metrics';
export const metricsCatalogues = { en, de };

for (const [language, catalogue] of Object.entries(metricsCatalogues)) {
  i18n.addResourceBundle(language, METRICS_NS, catalogue, true, true);
}
