/**
 * The visualizer's texts: namespace `visualizer`, loaded with its chunk (the first page does not carry them). One
 * file pair per area; `src/i18n/catalogues.test.ts` checks en and de match.
 */
import i18n from '../../../i18n/index.ts';
import pageDe from './page.de.json';
import pageEn from './page.en.json';
import panelsDe from './panels.de.json';
import panelsEn from './panels.en.json';
import styleDe from './style.de.json';
import styleEn from './style.en.json';

export const VISUALIZER_NS = 'visualizer';

export const visualizerCatalogues = {
  en: { page: pageEn, panels: panelsEn, style: styleEn },
  de: { page: pageDe, panels: panelsDe, style: styleDe },
};

for (const [language, catalogue] of Object.entries(visualizerCatalogues)) {
  i18n.addResourceBundle(language, VISUALIZER_NS, catalogue, true, true);
}
