import { describe, expect, it } from 'vitest';
import { AXIS_OFFSET_PX, chartPoints, METRIC_COLOURS, meterGroups, meterKind, meterLabel, metricsChartOption, presetNamed, SAMPLE_GAP_MS } from './metricsChart.ts';

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
    expect(option.series).toEqual([
      { name: 'queue', type: 'line', yAxisIndex: 0, showSymbol: false, step: 'end', data: [[Date.parse('2026-01-01T11:59:00Z'), 2], [now.getTime(), 2]] },
    ]);
    expect(option.color).toHaveLength(12);
  });

  it('holds a value until the next stored one, breaks the line where nothing was sampled, and carries a recent last value to now', () => {
    const base = Date.parse('2026-01-01T12:00:00Z');
    const minute = (n: number) => ({ timestamp: new Date(base + n * 60_000).toISOString(), value: n });
    const now = new Date(base + 100 * 60_000);
    // Stored at 0 and 10 (an unchanged value every 10 minutes), then nothing for 30 minutes, 40, nothing for 55, 95.
    expect(chartPoints([minute(0), minute(10), minute(40), minute(95)], now)).toEqual([
      [base, 0],
      [base + 10 * 60_000, 10],
      [base + 10 * 60_000 + 1, null],
      [base + 40 * 60_000, 40],
      [base + 40 * 60_000 + 1, null],
      [base + 95 * 60_000, 95],
      [now.getTime(), 95],
    ]);
    // A last value older than the gap is not carried on: nothing was sampled since.
    expect(chartPoints([minute(0)], new Date(base + SAMPLE_GAP_MS + 1))).toEqual([[base, 0]]);
    expect(chartPoints([], now)).toEqual([]);
  });

  it('knows the meter and unit of a series from the Prometheus name (issue 26)', () => {
    expect(meterKind('process_resident_memory_bytes')).toEqual({ meter: 'process_resident_memory_bytes', unit: 'bytes' });
    expect(meterKind('process_cpu_user_seconds_total')).toEqual({ meter: 'process_cpu_user_seconds_total', unit: 'seconds' });
    expect(meterKind('corridor_upload_bytes_total')).toEqual({ meter: 'corridor_upload_bytes_total', unit: 'bytes' });
    expect(meterKind('corridor_http_requests_total')).toEqual({ meter: 'corridor_http_requests_total', unit: 'count' });
    expect(meterKind('corridor_http_request_duration_seconds_bucket')).toEqual({ meter: 'corridor_http_request_duration_seconds', unit: 'count' });
    expect(meterKind('corridor_http_request_duration_seconds_sum')).toEqual({ meter: 'corridor_http_request_duration_seconds', unit: 'seconds' });
    expect(meterKind('corridor_runners_connected')).toEqual({ meter: 'corridor_runners_connected', unit: 'count' });
  });

  it('groups the picker by meter and unit, series sorted by name', () => {
    const meters = [
      { id: 3, name: 'corridor_jobs', tags: [{ name: 'status', value: 'STARTED' }] },
      { id: 1, name: 'corridor_http_request_duration_seconds_sum', tags: [] },
      { id: 2, name: 'corridor_jobs', tags: [{ name: 'status', value: 'CREATED' }] },
      { id: 4, name: 'corridor_http_request_duration_seconds_count', tags: [] },
    ];
    expect(meterGroups(meters, (unit) => unit)).toEqual([
      { group: 'corridor_http_request_duration_seconds · count', items: [{ value: '4', label: 'corridor_http_request_duration_seconds_count' }] },
      { group: 'corridor_http_request_duration_seconds · seconds', items: [{ value: '1', label: 'corridor_http_request_duration_seconds_sum' }] },
      {
        group: 'corridor_jobs · count',
        items: [
          { value: '2', label: 'corridor_jobs{status="CREATED"}' },
          { value: '3', label: 'corridor_jobs{status="STARTED"}' },
        ],
      },
    ]);
  });

  it('draws one y-axis per unit, left and right in turn, a third one offset outside the first', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const values = [{ timestamp: '2026-01-01T11:59:00Z', value: 2 }];
    const option = metricsChartOption(
      [
        { label: 'memory', values, unit: 'bytes' },
        { label: 'queue', values, unit: 'count' },
        { label: 'heap', values, unit: 'bytes' },
        { label: 'cpu', values, unit: 'seconds' },
      ],
      60,
      now,
    );
    expect(option.yAxis.map((axis) => [('name' in axis ? axis.name : ''), 'position' in axis ? axis.position : '', 'offset' in axis ? axis.offset : 0])).toEqual([
      ['bytes', 'left', 0],
      ['count', 'right', 0],
      ['seconds', 'left', AXIS_OFFSET_PX],
    ]);
    expect(option.series.map((s) => s.yAxisIndex)).toEqual([0, 1, 0, 2]);
    expect(option.grid).toMatchObject({ left: 60 + AXIS_OFFSET_PX, right: 60 });
  });
});
