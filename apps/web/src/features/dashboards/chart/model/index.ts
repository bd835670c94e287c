/** The pure chart model: configuration → queries, answers → ECharts options or table rows, rules and messages. */
export { chartQuery, filtersToWhere, measureColumn, tableBinning } from './queries.ts';
export { chartOption, type ChartOption, fitToHeight, type OptionResult } from './options.ts';
export { tableRows, type TableRows } from './table.ts';
export { validateChart, validateClasses } from './validate.ts';
export { parseCustomBins, formatCustomBins } from './bins.ts';
export { abbreviateNumber, formatAxisTick, formatAxisValue, formatCell, formatNumber } from './format.ts';
export { requestErrorMessage, type ChartMessage, type ChartMessageKey } from './messages.ts';
export type { DatasetAnswer } from './series.ts';
