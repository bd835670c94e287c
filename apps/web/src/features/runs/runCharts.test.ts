import { describe, expect, it } from 'vitest';
import { buildSeries, chartOption, elapsedStep, formatElapsed, pointCount, RUN_CHARTS, shareAxisRange } from './runCharts.ts';

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
    expect(chartOption([], 'time', { x: '', y: '' }).xAxis.type).toBe('value');
  });

  it('draws memory over the time elapsed since the first reading, never day numbers (issue 25)', () => {
    // An imported run's log times: 28 November, 22:50 to 01:20 the next day.
    const t0 = Date.UTC(2026, 10, 28, 22, 50);
    const memory = [{ name: 'used', data: [[t0, 1], [t0 + 75 * 60_000, 2], [t0 + 150 * 60_000, 3]] as [number, number][] }];
    const option = chartOption(memory, 'time', { x: 'Elapsed time', y: 'GB' });
    expect(option.series[0]!.data.map(([x]) => x)).toEqual([0, 75 * 60_000, 150 * 60_000]);
    expect(option.xAxis).toMatchObject({ type: 'value', min: 0, max: 150 * 60_000, interval: 30 * 60_000 });
    // The axis ends on a whole step.
    expect(chartOption([{ name: 'used', data: [[t0, 1], [t0 + 199 * 60_000, 2]] }], 'time', { x: '', y: '' }).xAxis).toMatchObject({ max: 240 * 60_000, interval: 3_600_000 });
    const tick = (option.xAxis as { axisLabel: { formatter: (v: number) => string } }).axisLabel.formatter;
    expect([0, 30, 60, 150].map((m) => tick(m * 60_000))).toEqual(['0:00', '0:30', '1:00', '2:30']);
    expect(formatElapsed(95_000, 10_000)).toBe('1:35');
    expect(formatElapsed(3_725_000, 1000)).toBe('1:02:05');
    expect(formatElapsed(26 * 3_600_000)).toBe('26:00');
    // At most six intervals: a six-hour Berlin run ticks hourly, a two-minute run every 30 s.
    expect(elapsedStep(6 * 3_600_000)).toBe(3_600_000);
    expect(elapsedStep(120_000)).toBe(30_000);
    expect(elapsedStep(10 * 86_400_000)).toBe(2 * 86_400_000);
  });

  it('draws mode shares on 0..1 in percent, fitted to the data (issue 25)', () => {
    const shares = (...values: number[]) => [{ name: 'car', data: values.map((v, i): [number, number] => [i, v]) }];
    expect(shareAxisRange(shares(1))).toEqual({ min: 0.9, max: 1 });
    expect(shareAxisRange(shares(0.42, 0.58))).toEqual({ min: 0.4, max: 0.6 });
    expect(shareAxisRange(shares(0))).toEqual({ min: 0, max: 0.1 });
    expect(shareAxisRange(shares(0.05, 1))).toEqual({ min: 0, max: 1 });
    expect(shareAxisRange([])).toEqual({ min: 0, max: 1 });
    const option = chartOption(shares(1, 1), 'iteration', { x: 'Iteration', y: 'Share' }, 'share');
    expect(option.yAxis).toMatchObject({ min: 0.9, max: 1 });
    const label = (option.yAxis as { axisLabel: { formatter: (v: number) => string } }).axisLabel.formatter;
    expect([label(1), label(0.955), label(0.9)]).toEqual(['100%', '95.5%', '90%']);
    expect(option.tooltip.valueFormatter(0.25)).toBe('25%');
  });
});
