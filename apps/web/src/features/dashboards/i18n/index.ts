/**
 * The dashboards feature's texts: namespace `dashboards`, one en/de pair per area (`board`, …), registered when
 * the feature's chunk loads so the first page does not carry them. Each area adds one import pair here.
 */
import i18n from '../../../i18n/index.ts';
import boardDe from './board.de.json';
import boardEn from './board.en.json';
import chartDe from './chart.de.json';
import chartEn from './chart.en.json';
import listDe from './list.de.json';
import listEn from './list.en.json';
import tablesDe from './tables.de.json';
import tablesEn from './tables.en.json';

export const DASHBOARDS_NS = 'dashboards';

export const dashboardsCatalogues = {
  en: { board: boardEn, chart: chartEn, list: listEn, tables: tablesEn },
  de: { board: boardDe, chart: chartDe, list: listDe, tables: tablesDe },
};

for (const [language, catalogue] of Object.entries(dashboardsCatalogues)) {
  i18n.addResourceBundle(language, DASHBOARDS_NS, catalogue, true, true);
}
