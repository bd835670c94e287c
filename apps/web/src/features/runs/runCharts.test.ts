import { describe, expect, it } from 'vitest';
import { buildSeries, chartOption, pointCount, RUN_CHARTS } from './runCharts.ts';

describe('run chart queries', () => {
  it('asks memory without the free readings, and scores/modes per iteration', () => {
    const [memory, scores, modes] = RUN_CHARTS;
    expect(memory!.table).toBe('memory');
    expect(memory!.query.query.select.map((s) => s.column)).toEqual(['time', 'value', 'key']);
    expect(memory!.query.query.where).toEqual([{ column: 'key', is: '!=', value: 'free' }]);
    expect(memory!.divisor).toBe(1e9);
    expect(scores!.table).toBe('scoreStats');
    expect(modes!.table).toBe('modeStats');
    expect(modes!.query.query.select.map((s) => s.column)).toEqual(['iteration', 'value', 'key']);
    expect(RUN_CHARTS.every((chart) => chart.query.shape === 'RAW')).toBe(true);
  });
});

describe('series from query answers', () => {
  it('makes one series per key, sorted by x, in order of first appearance', () => {
    const series = buildSeries(
      {
        columns: ['iteration', 'value', 'key'],
        rows: [
          [1, 110.5, 'avg_executed'],
          [0, 100, 'avg_executed'],
          [0, 90, 'avg_worst'],
          [1, 95, 'avg_worst'],
        ],
      },
      'iteration',
    );
    expect(series).toEqual([
      { name: 'avg_executed', data: [[0, 100], [1, 110.5]] },
      { name: 'avg_worst', data: [[0, 90], [1, 95]] },
    ]);
    expect(pointCount(series)).toBe(2);
  });

  it('divides values (bytes to GB) and finds columns by name', () => {
    const series = buildSeries({ columns: ['key', 'time', 'value'], rows: [['used', 1000, 2_500_000_000]] }, 'time', 1e9);
    expect(series).toEqual([{ name: 'used', data: [[1000, 2.5]] }]);
  });

  it('skips rows with missing numbers and answers nothing without the columns', () => {
    const series = buildSeries({ columns: ['iteration', 'value', 'key'], rows: [[0, null, 'a'], [null, 1, 'a'], ['x', 2, 'a'], [1, '3', 'a']] }, 'iteration');
    expect(series).toEqual([{ name: 'a', data: [[1, 3]] }]);
    expect(buildSeries({ columns: ['foo'], rows: [[1]] }, 'iteration')).toEqual([]);
    expect(pointCount([])).toBe(0);
  });

  it('builds a line per series with formatted values', () => {
    const option = chartOption([{ name: 'car', data: [[0, 0.123456789]] }], 'iteration', { x: 'Iteration', y: 'Share' });
    expect(option.series).toEqual([{ type: 'line', name: 'car', data: [[0, 0.123456789]], showSymbol: true }]);
    expect(option.xAxis.type).toBe('value');
    expect(option.yAxis.axisLabel.formatter(0.123456789)).toBe('0.123457');
    expect(option.tooltip.valueFormatter(1234.5678)).toBe('1234.6');
    expect(chartOption([], 'time', { x: '', y: '' }).xAxis.type).toBe('time');
  });
});
