import type { TableField, TableQueryAnswer } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../api/client.ts';
import en from '../../i18n/chart.en.json';
import type { ChartData } from '../types.ts';
import {
  type ChartMessage,
  chartOption,
  chartQuery,
  formatAxisValue,
  formatNumber,
  parseCustomBins,
  requestErrorMessage,
  tableRows,
  validateChart,
  validateClasses,
} from './index.ts';
import { abbreviateNumber, binLabel, formatAxisTick } from './format.ts';
import { fitToHeight } from './options.ts';

const chart = (over: Omit<Partial<ChartData>, 'config'> & { config?: Partial<ChartData['config']> }): ChartData => ({
  type: 'bar',
  name: 'c',
  table: 'output_trips',
  filters: [],
  ...over,
  config: { measures: [], dimensions: [], options: {}, ...over.config },
});
const trips = (type: ChartData['type'], extra: Partial<ChartData['config']> = {}) =>
  chart({ type, config: { measures: [{ name: 'main_mode', aggregation: 'COUNT' }], dimensions: [{ name: 'main_mode' }], ...extra } });
const text = (m: ChartMessage | null) => {
  if (!m) return null;
  let s: string = en.messages[m.key];
  for (const [k, v] of Object.entries(m.params ?? {})) s = s.replace(`{{${k}}}`, String(v));
  return s;
};
const answer = (columns: string[], rows: (string | number | null)[][]): TableQueryAnswer => ({ columns, rows });
const optionOver = (fields: TableField[], c: ChartData, ...answers: TableQueryAnswer[]) => {
  const r = chartOption(c, answers.map((a, i) => ({ dataset: `Run ${i + 1}`, answer: a })), fields);
  if (!('option' in r)) throw new Error(text(r.error) ?? '');
  return r.option as Record<string, any>;
};
const option = (c: ChartData, ...answers: TableQueryAnswer[]) => optionOver([], c, ...answers);

describe('chart queries', () => {
  it('bar by one dimension is a grouped RAW query with binning and filters as where', () => {
    const c = chart({
      filters: [{ column: 'main_mode', is: 'in', value: 'car,pt' }],
      config: { measures: [{ name: 'person', aggregation: 'COUNT' }], dimensions: [{ name: 'traveled_distance', binning: { type: 'interval', binSize: 1000 } }] },
    });
    expect(chartQuery(c)).toEqual({
      query: {
        select: [{ column: 'traveled_distance', binning: { interval: 1000 } }, { column: 'person', aggregation: 'COUNT' }],
        groupBy: [{ column: 'traveled_distance' }],
        where: [{ column: 'main_mode', is: 'in', value: 'car,pt' }],
      },
      shape: 'RAW',
    });
  });

  it('custom bins become edges; a colour attribute makes bar/line/area/radial/radar PIVOT', () => {
    for (const type of ['bar', 'line', 'area', 'radial', 'radar'] as const) {
      const q = chartQuery(
        chart({ type, config: { measures: [{ name: 'x', aggregation: 'SUM' }], dimensions: [{ name: 'd', binning: { type: 'custom', bins: [10, 20] } }, { name: 'main_mode' }] } }),
      );
      expect(q.shape).toBe('PIVOT');
      expect(q.query.select[0]).toEqual({ column: 'd', binning: { edges: [10, 20] } });
      expect(q.query.groupBy).toEqual([{ column: 'd' }, { column: 'main_mode' }]);
    }
  });

  it('pie is RAW by its colour attribute; table RAW; boxplot BOXPLOT; scatter RAW pairs', () => {
    expect(chartQuery(trips('pie')).shape).toBe('RAW');
    expect(chartQuery(trips('table')).query.groupBy).toEqual([{ column: 'main_mode' }]);
    const box = chartQuery(chart({ type: 'boxplot', config: { measures: [{ name: 'trav_time', aggregation: 'COUNT' }], dimensions: [{ name: 'main_mode' }] } }));
    expect(box).toEqual({
      query: { select: [{ column: 'main_mode', binning: null }, { column: 'trav_time', aggregation: 'NONE' }], groupBy: [{ column: 'main_mode' }], where: [] },
      shape: 'BOXPLOT',
    });
    const sc = chartQuery(
      chart({ type: 'scatter', config: { measures: [{ name: 'a', aggregation: 'COUNT' }, { name: 'b', aggregation: 'COUNT' }], dimensions: [{ name: 'm' }] } }),
    );
    expect(sc).toEqual({
      query: { select: [{ column: 'a', aggregation: 'NONE' }, { column: 'b', aggregation: 'NONE' }, { column: 'm' }], groupBy: [], where: [] },
      shape: 'RAW',
    });
  });

  it('measures with aggregation NONE (numeric axis) give the rows as they are', () => {
    const q = chartQuery(chart({ type: 'line', config: { measures: [{ name: 'car', aggregation: 'NONE' }], dimensions: [{ name: 'iteration' }], options: { xAxis: 'numeric' } } }));
    expect(q.query.groupBy).toEqual([]);
  });
});

const modes = answer(['main_mode', 'count(main_mode)'], [['car', 10], ['pt', 5], ['walk', 2]]);

describe('chart options', () => {
  it('bar: categories, one series, stacked and horizontal', () => {
    const o = option(trips('bar', { options: { stacked: true, horizontal: true } }), modes);
    expect(o.yAxis.data).toEqual(['car', 'pt', 'walk']);
    expect(o.series).toHaveLength(1);
    expect(o.series[0]).toMatchObject({ type: 'bar', data: [10, 5, 2], stack: 'total' });
  });

  it('comparison: one series per dataset named after it, categories united', () => {
    const o = option(trips('bar', { options: { compare: true } }), modes, answer(['main_mode', 'count(main_mode)'], [['car', 7], ['bike', 1]]));
    expect(o.xAxis.data).toEqual(['car', 'pt', 'walk', 'bike']);
    expect(o.series.map((s: any) => [s.name, s.data])).toEqual([
      ['Run 1', [10, 5, 2, null]],
      ['Run 2', [7, null, null, 1]],
    ]);
  });

  it('comparison of stacked charts stacks each dataset on its own (two runs of shares do not add up to 2)', () => {
    const c = chart({ type: 'area', config: { measures: [{ name: 'value', aggregation: 'SUM' }], dimensions: [{ name: 'iteration' }, { name: 'key' }], options: { stacked: true, compare: true } } });
    const a = answer(['row', 'series', 'value'], [[0, 'car', 0.6], [0, 'pt', 0.4]]);
    const o = option(c, a, a);
    expect(o.series.map((s: any) => [s.name, s.stack])).toEqual([
      ['Run 1: car', 'Run 1'],
      ['Run 1: pt', 'Run 1'],
      ['Run 2: car', 'Run 2'],
      ['Run 2: pt', 'Run 2'],
    ]);
    expect(option({ ...c, config: { ...c.config, options: { stacked: true } } }, a).series.map((s: any) => s.stack)).toEqual(['total', 'total']);
  });

  it('line and area from PIVOT long form; area fills', () => {
    const c = chart({ type: 'area', config: { measures: [{ name: 'value', aggregation: 'NONE' }], dimensions: [{ name: 'iteration' }, { name: 'key' }] } });
    const o = option(c, answer(['row', 'series', 'value'], [[0, 'car', 1], [0, 'pt', 2], [1, 'car', 3]]));
    expect(o.series.map((s: any) => [s.name, s.data, s.type])).toEqual([
      ['car', [1, 3], 'line'],
      ['pt', [2, null], 'line'],
    ]);
    expect(o.series[0].areaStyle).toEqual({});
    expect(option({ ...c, type: 'line' }, answer(['row', 'series', 'value'], [[0, 'car', 1]])).series[0].areaStyle).toBeUndefined();
  });

  it('numeric x axis draws x/y pairs on a value axis', () => {
    const c = chart({ type: 'line', config: { measures: [{ name: 'car', aggregation: 'NONE' }], dimensions: [{ name: 'iteration' }], options: { xAxis: 'numeric' } } });
    const o = option(c, answer(['iteration', 'car'], [[0, 0.5], [1, 0.6]]));
    expect(o.xAxis.type).toBe('value');
    expect(o.series[0].data).toEqual([[0, 0.5], [1, 0.6]]);
  });

  it('whole-number axes: a LONG column ticks in whole steps (iteration 0, 1, 2, not 0, 0.2, 0.4), a DOUBLE one freely', () => {
    const scorestats: TableField[] = [
      { name: 'iteration', type: 'LONG' },
      { name: 'avg_executed', type: 'DOUBLE' },
      { name: 'main_mode', type: 'STRING' },
    ];
    const c = chart({ type: 'line', config: { measures: [{ name: 'avg_executed', aggregation: 'NONE' }], dimensions: [{ name: 'iteration' }], options: { xAxis: 'numeric' } } });
    const a = answer(['iteration', 'avg_executed'], [[0, 110.5], [1, 112.25]]);
    const o = optionOver(scorestats, c, a);
    expect(o.xAxis).toMatchObject({ type: 'value', minInterval: 1 });
    expect(o.yAxis.minInterval).toBeUndefined();
    // Horizontal: the iteration axis moves to y and keeps its whole steps.
    expect(optionOver(scorestats, { ...c, config: { ...c.config, options: { xAxis: 'numeric', horizontal: true } } }, a).yAxis.minInterval).toBe(1);
    // Without the table's fields (still loading, another group's dataset) the axis draws as before.
    expect(option(c, a).xAxis.minInterval).toBeUndefined();
    // A DOUBLE dimension is not whole.
    const byScore = chart({ type: 'line', config: { measures: [{ name: 'iteration', aggregation: 'NONE' }], dimensions: [{ name: 'avg_executed' }], options: { xAxis: 'numeric' } } });
    expect(optionOver(scorestats, byScore, answer(['avg_executed', 'iteration'], [[110.5, 0]])).xAxis.minInterval).toBeUndefined();
    // Values: counts and raw LONG values are whole, an average of a LONG column is not; a log axis has no interval.
    const counts = optionOver(scorestats, trips('bar'), modes);
    expect(counts.yAxis.minInterval).toBe(1);
    expect(optionOver(scorestats, byScore, answer(['avg_executed', 'iteration'], [[110.5, 0]])).yAxis.minInterval).toBe(1);
    const averaged = chart({ config: { measures: [{ name: 'iteration', aggregation: 'AVG' }], dimensions: [{ name: 'main_mode' }] } });
    expect(optionOver(scorestats, averaged, answer(['main_mode', 'avg(iteration)'], [['car', 0.5]])).yAxis.minInterval).toBeUndefined();
    const logCounts = trips('bar');
    logCounts.config.measures[0]!.axisStyle = { axisType: 'log' };
    expect(optionOver(scorestats, logCounts, modes).yAxis.minInterval).toBeUndefined();
    // Scatter: each axis by its own column.
    const sc = chart({ type: 'scatter', config: { measures: [{ name: 'iteration', aggregation: 'NONE' }, { name: 'avg_executed', aggregation: 'NONE' }], dimensions: [] } });
    const pairs = optionOver(scorestats, sc, answer(['iteration', 'avg_executed'], [[0, 110.5], [1, 112.25]]));
    expect([pairs.xAxis.minInterval, pairs.yAxis.minInterval]).toEqual([1, undefined]);
  });

  it('axis styles: type, label, min, max, divisor, prefix and postfix', () => {
    const c = trips('bar');
    c.config.measures[0]!.axisStyle = { axisType: 'log', label: 'Trips', min: 1, max: 100, valueDivisor: 1000, prefix: '~', postfix: ' k' };
    const o = option(c, modes);
    expect(o.yAxis).toMatchObject({ type: 'log', name: 'Trips', min: 1, max: 100 });
    expect(o.yAxis.axisLabel.formatter(12345)).toBe('~12.345 k');
  });

  it('value axis ticks on small dashboard panels: abbreviated, overlapping ones hidden, fewer of them (issue 25)', () => {
    expect(abbreviateNumber(9999)).toBe('9999');
    expect(abbreviateNumber(12345)).toBe('12.3k');
    expect(abbreviateNumber(-2_500_000)).toBe('-2.5M');
    expect(abbreviateNumber(3_000_000_000)).toBe('3B');
    expect(abbreviateNumber(0.125)).toBe('0.125');
    expect(formatAxisTick(1_234_567, { prefix: '€', valueDivisor: 10 })).toBe('€123k');
    const o = option(trips('bar'), modes);
    expect(o.yAxis.axisLabel.hideOverlap).toBe(true);
    expect(o.yAxis.axisLabel.formatter(45_000)).toBe('45k');
    // The tooltip keeps the full number.
    expect(o.series[0].tooltip.valueFormatter(45_000)).toBe('45000');
    const fitted = (height: number) => fitToHeight(o, height) as Record<string, any>;
    expect(fitted(180).yAxis.splitNumber).toBe(3);
    expect(fitted(280).yAxis.splitNumber).toBe(4);
    expect(fitted(400).yAxis.splitNumber).toBeUndefined();
    // Category axes keep every category.
    expect(fitted(180).xAxis.splitNumber).toBeUndefined();
  });

  it('boxplot boxes are not filled white (unreadable on the dark theme)', () => {
    const c = chart({ type: 'boxplot', config: { measures: [{ name: 'trav_time', aggregation: 'NONE' }], dimensions: [] } });
    const o = option(c, answer(['min', 'q1', 'median', 'q3', 'max'], [[1, 2, 3, 4, 5]]));
    expect(o.series[0].itemStyle.color).toBe('transparent');
  });

  it('binned axis: bin names, shortened names, min and max bin', () => {
    const c = chart({
      config: {
        measures: [{ name: 'person', aggregation: 'COUNT' }],
        dimensions: [{ name: 'd', binning: { type: 'interval', binSize: 1000 }, binnedAxisStyle: { divisor: 1000, minBin: 1000, maxBin: 2000 } }],
      },
    });
    const a = answer(['d', 'count(person)'], [[0, 1], [1000, 2], [2000, 3], [3000, 4]]);
    expect(option(c, a).xAxis.data).toEqual(['1 – 2', '2 – 3']);
    c.config.dimensions[0]!.binnedAxisStyle!.shortenBinNames = true;
    expect(option(c, a).xAxis.data).toEqual(['1', '2']);
    // Empty bins between answered ones are drawn: a COUNT is 0 there, other aggregations have no value.
    c.config.dimensions[0]!.binnedAxisStyle = undefined;
    const gaps = answer(['d', 'count(person)'], [[3000, 4], [0, 1]]);
    expect(option(c, gaps).series[0].data).toEqual([1, 0, 0, 4]);
    c.config.measures[0]!.aggregation = 'SUM';
    expect(option(c, answer(['d', 'sum(person)'], [[0, 1], [2000, 3]])).series[0].data).toEqual([1, null, 3]);
    const custom = chart({ config: { measures: [{ name: 'person', aggregation: 'COUNT' }], dimensions: [{ name: 'd', binning: { type: 'custom', bins: [10, 20, 30, 40] } }] } });
    expect(option(custom, answer(['d', 'count(person)'], [[null, 2], [10, 1], [40, 5]])).xAxis.data).toEqual(['< 10', '10 – 20', '20 – 30', '30 – 40', '> 40']);
    expect(binLabel(null, { type: 'custom', bins: [10, 20] }, undefined)).toBe('< 10');
    expect(binLabel(20, { type: 'custom', bins: [10, 20] }, undefined)).toBe('> 20');
    expect(binLabel(10, { type: 'custom', bins: [10, 20] }, undefined)).toBe('10 – 20');
  });

  it('radial is a polar bar, radar has one indicator per category', () => {
    const r = option(trips('radial'), modes);
    expect(r.radiusAxis.data).toEqual(['car', 'pt', 'walk']);
    expect(r.series[0]).toMatchObject({ type: 'bar', coordinateSystem: 'polar', data: [10, 5, 2] });
    const d = option(trips('radar'), modes);
    expect(d.radar.indicator.map((i: any) => i.name)).toEqual(['car', 'pt', 'walk']);
    expect(d.series[0].data[0].value).toEqual([10, 5, 2]);
  });

  it('pie: slices, one pie per dataset when comparing', () => {
    const o = option(trips('pie'), modes);
    expect(o.series[0].data).toEqual([
      { name: 'car', value: 10 },
      { name: 'pt', value: 5 },
      { name: 'walk', value: 2 },
    ]);
    const two = option(trips('pie', { options: { compare: true } }), modes, modes);
    expect(two.series.map((s: any) => s.center[0])).toEqual(['25%', '75%']);
    expect(two.title.map((t: any) => t.text)).toEqual(['Run 1', 'Run 2']);
  });

  it('boxplot: five numbers per group, one series per dataset', () => {
    const c = chart({ type: 'boxplot', config: { measures: [{ name: 'trav_time', aggregation: 'NONE' }], dimensions: [{ name: 'main_mode' }] } });
    const a = answer(['group', 'min', 'q1', 'median', 'q3', 'max'], [['car', 1, 2, 3, 4, 5]]);
    const o = option(c, a, a);
    expect(o.xAxis.data).toEqual(['car']);
    // The group axis is named like the bar chart's category axis: centred below its labels, not at its right end.
    const bar = option(trips('bar'), modes);
    expect(o.xAxis).toMatchObject({ type: 'category', name: 'main_mode', nameLocation: 'middle', nameGap: bar.xAxis.nameGap });
    expect(bar.xAxis).toMatchObject({ name: 'main_mode', nameLocation: 'middle' });
    const sideways = option({ ...c, config: { ...c.config, options: { horizontal: true } } }, a);
    expect(sideways.yAxis).toMatchObject({ type: 'category', name: 'main_mode', nameLocation: 'middle' });
    expect(o.series.map((s: any) => [s.name, s.type, s.data])).toEqual([
      ['Run 1', 'boxplot', [[1, 2, 3, 4, 5]]],
      ['Run 2', 'boxplot', [[1, 2, 3, 4, 5]]],
    ]);
  });

  it('scatter: pairs by colour class', () => {
    const c = chart({ type: 'scatter', config: { measures: [{ name: 'a', aggregation: 'NONE' }, { name: 'b', aggregation: 'NONE' }], dimensions: [{ name: 'm' }] } });
    const o = option(c, answer(['a', 'b', 'm'], [[1, 2, 'car'], [3, 4, 'pt'], [5, 6, 'car']]));
    expect(o.series.map((s: any) => [s.name, s.data])).toEqual([
      ['car', [[1, 2], [5, 6]]],
      ['pt', [[3, 4]]],
    ]);
  });

  it('table: rows as answered, a Dataset column when comparing, bins named', () => {
    expect(tableRows(trips('table'), [{ dataset: 'A', answer: modes }], 'Dataset')).toEqual(modes);
    const two = tableRows(trips('table'), [{ dataset: 'A', answer: modes }, { dataset: 'B', answer: modes }], 'Dataset');
    expect(two.columns).toEqual(['Dataset', 'main_mode', 'count(main_mode)']);
    expect(two.rows[3]).toEqual(['B', 'car', 10]);
  });
});

describe('chart messages (spec 3 §5, §8)', () => {
  it('pie needs exactly one measure and a dimension, at most 1000 classes', () => {
    expect(text(validateChart(chart({ type: 'pie', config: { measures: [{ name: 'a', aggregation: 'COUNT' }] } })))).toBe('Please specify the values and the color attribute');
    expect(validateChart(trips('pie'))).toBeNull();
    expect(text(validateClasses(trips('pie'), 1001))).toBe('Too many classes for pie chart!');
    expect(validateClasses(trips('pie'), 1000)).toBeNull();
    const many = answer(['main_mode', 'count(main_mode)'], Array.from({ length: 1001 }, (_, i) => [`m${i}`, 1]));
    const r = chartOption(trips('pie'), [{ dataset: '', answer: many }]);
    expect('error' in r && text(r.error)).toBe('Too many classes for pie chart!');
  });

  it('scatter needs both axes and at most 50 colour classes', () => {
    expect(text(validateChart(trips('scatter')))).toBe('Please specify both axis');
    const c = chart({ type: 'scatter', config: { measures: [{ name: 'a', aggregation: 'NONE' }, { name: 'b', aggregation: 'NONE' }], dimensions: [{ name: 'm' }] } });
    const rows = Array.from({ length: 51 }, (_, i) => [i, i, `c${i}`]);
    const r = chartOption(c, [{ dataset: '', answer: answer(['a', 'b', 'm'], rows) }]);
    expect('error' in r && text(r.error)).toBe('Too many color classes for scatter chart!');
  });

  it('radial, radar and boxplot need exactly one measure', () => {
    for (const type of ['radial', 'radar', 'boxplot'] as const) {
      expect(validateChart(trips(type))).toBeNull();
      const two = trips(type);
      two.config.measures.push({ name: 'b', aggregation: 'SUM' });
      expect(validateChart(two)?.key).toBe('oneMeasure');
    }
  });

  it('unknown type: Invalid chart configuration; an option that cannot be built: Chart settings could not be interpreted!', () => {
    expect(text(validateChart({ ...trips('bar'), type: 'gauge' as never }))).toBe('Invalid chart configuration');
    const r = chartOption(trips('bar'), [{ dataset: '', answer: { columns: [], rows: null } as never }]);
    expect('error' in r && text(r.error)).toBe('Chart settings could not be interpreted!');
  });

  it('custom bins: numbers only, each larger than the one before', () => {
    expect(parseCustomBins('10, 20,30,40')).toEqual({ bins: [10, 20, 30, 40] });
    const bad = parseCustomBins('10, x');
    expect('error' in bad && text(bad.error)).toBe('Please enter valid numbers only');
    const order = parseCustomBins('10, 30, 20');
    expect('error' in order && text(order.error)).toBe('20 has to be larger than 30');
    const equal = parseCustomBins('10, 10');
    expect('error' in equal && text(equal.error)).toBe('10 has to be larger than 10');
  });

  it('HTTP 500 gives the fixed text, other failures the server message, aborts nothing', () => {
    expect(text(requestErrorMessage(new ApiError(500, 'boom', null)) as ChartMessage)).toBe('Request to server failed! Please adapt the settings.');
    expect(requestErrorMessage(new ApiError(400, 'There is no column x in the table t.', null))).toBe('There is no column x in the table t.');
    expect(requestErrorMessage(new DOMException('aborted', 'AbortError'))).toBeNull();
  });
});

describe('number formatting (spec 1 §9)', () => {
  it('6 significant digits under 10, else 5, trailing zeros trimmed', () => {
    expect(formatNumber(1.23456789)).toBe('1.23457');
    expect(formatNumber(12.3456789)).toBe('12.346');
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatNumber(123456.7)).toBe('123460');
    expect(formatAxisValue(2500, { valueDivisor: 1000, postfix: ' km' })).toBe('2.5 km');
    expect(formatAxisValue('car', undefined)).toBe('car');
  });
});
