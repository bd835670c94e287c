/**
 * The job template editor's file texts: namespace `jobTemplateFiles`, loaded with the settings chunk so the first
 * page does not carry them.
 */
import i18n from '../../../../i18n/index.ts';
import de from './de.json';
import en from './en.json';

export const FILES_NS = 'jobTemplateFiles';
export const jobTemplateFilesCatalogues = { en, de };

for (const [language, catalogue] of Object.entries(jobTemplateFilesCatalogues)) {
  i18n.addResourceBundle(language, FILES_NS, catalogue, true, true);
}
