/**
 * The editor's texts: namespace `editor`, loaded with the editor's chunk (the first page does not carry them).
 * One file pair per area so the areas are edited apart; `src/i18n/catalogues.test.ts` checks en and de match.
 */
import i18n from '../../../i18n/index.ts';
import drtTabDe from './drtTab.de.json';
import drtTabEn from './drtTab.en.json';
import linkUseDe from './linkUse.de.json';
import linkUseEn from './linkUse.en.json';
import mapDe from './map.de.json';
import mapEn from './map.en.json';
import pageDe from './page.de.json';
import pageEn from './page.en.json';
import panelsDe from './panels.de.json';
import panelsEn from './panels.en.json';
import sidebarDe from './sidebar.de.json';
import sidebarEn from './sidebar.en.json';
import toolbarDe from './toolbar.de.json';
import toolbarEn from './toolbar.en.json';

export const EDITOR_NS = 'editor';

export const editorCatalogues = {
  en: { page: pageEn, map: mapEn, toolbar: toolbarEn, panels: panelsEn, sidebar: sidebarEn, linkUse: linkUseEn, drtTab: drtTabEn },
  de: { page: pageDe, map: mapDe, toolbar: toolbarDe, panels: panelsDe, sidebar: sidebarDe, linkUse: linkUseDe, drtTab: drtTabDe },
};

for (const [language, catalogue] of Object.entries(editorCatalogues)) {
  i18n.addResourceBundle(language, EDITOR_NS, catalogue, true, true);
}
