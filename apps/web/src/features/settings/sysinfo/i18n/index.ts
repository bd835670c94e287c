/** The System Information page's texts: namespace `sysinfo`, loaded with the settings chunk. */
import i18n from '../../../../i18n/index.ts';
import de from './de.json';
import en from './en.json';

export const SYSINFO_NS = 'sysinfo';
export const sysinfoCatalogues = { en, de };

for (const [language, catalogue] of Object.entries(sysinfoCatalogues)) {
  i18n.addResourceBundle(language, SYSINFO_NS, catalogue, true, true);
}
