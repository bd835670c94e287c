import { describe, expect, it } from 'vitest';
import { METRIC_COLOURS, meterLabel, metricsChartOption, presetNamed } from './metricsChart.ts';

describe('metrics dashboard rules', () => {
  it('has 12 distinct colours', () => {
    expect(new Set(METRIC_COLOURS).size).toBe(12);
  });

  it('names a series by its meter name and tags', () => {
    expect(meterLabel({ name: 'corridor_job_queue_length', tags: [] })).toBe('corridor_job_queue_length');
    expect(meterLabel({ name: 'corridor_jobs', tags: [{ name: 'status', value: 'CREATED' }, { name: 'x', value: '1' }] })).toBe(
      'corridor_jobs{status="CREATED", x="1"}',
    );
  });

  it('finds the preset a name would overwrite, ignoring case and surrounding spaces', () => {
    const presets = [{ id: 1, name: 'Requests', timeRange: 60, settings: { series: [] } }];
    expect(presetNamed(presets, '  requests ')?.id).toBe(1);
    expect(presetNamed(presets, 'Memory')).toBeUndefined();
  });

  it('draws one line per series over the chosen time range', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const option = metricsChartOption([{ label: 'queue', values: [{ timestamp: '2026-01-01T11:59:00Z', value: 2 }] }], 60, now);
    expect(option.xAxis).toMatchObject({ type: 'time', min: now.getTime() - 3_600_000, max: now.getTime() });
    expect(option.series).toEqual([{ name: 'queue', type: 'line', showSymbol: false, data: [[Date.parse('2026-01-01T11:59:00Z'), 2]] }]);
    expect(option.color).toHaveLength(12);
  });
});
