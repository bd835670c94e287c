/**
 * Texts of the configuration editor's checks (issue 24: params MATSim does not know): namespace `configEditorChecks`,
 * loaded with the editor's chunk; catalogues.test.ts in this folder checks en/de parity.
 */
import i18n from '../../../i18n/index.ts';
import de from './de.json';
import en from './en.json';

export const CONFIG_CHECKS_NS = 'configEditorChecks';
export const configChecksCatalogues = { en, de };

for (const [language, catalogue] of Object.entries(configChecksCatalogues)) {
  i18n.addResourceBundle(language, CONFIG_CHECKS_NS, catalogue, true, true);
}
