/**
 * Texts of the run import page, the run list's how-to panel and the run page's origin mark (issue 17):
 * namespace `runImport`, loaded with the runs chunk so the first page does not carry them
 * (catalogues.test.ts checks en/de parity).
 */
import i18n from '../../../../i18n/index.ts';
import de from './de.json';
import en from './en.json';

export const RUN_IMPORT_NS = 'runImport';
export const runImportCatalogues = { en, de };

for (const [language, catalogue] of Object.entries(runImportCatalogues)) {
  i18n.addResourceBundle(language, RUN_IMPORT_NS, catalogue, true, true);
}
