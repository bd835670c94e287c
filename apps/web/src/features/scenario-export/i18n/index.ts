/**
 * Export Scenario's texts: namespace `scenarioExport`, loaded with the page's chunk so the first page does not
 * carry them (the app catalogue's key check covers en/de parity here too: catalogues.test.ts).
 */
import i18n from '../../../i18n/index.ts';
import de from './de.json';
import en from './en.json';

export const EXPORT_NS = 'scenarioExport';
export const exportCatalogues = { en, de };

for (const [language, catalogue] of Object.entries(exportCatalogues)) {
  i18n.addResourceBundle(language, EXPORT_NS, catalogue, true, true);
}
