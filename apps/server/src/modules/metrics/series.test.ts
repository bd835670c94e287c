import { describe, expect, it } from 'vitest';
import { meterIdentity, seriesOf } from './series.ts';

describe('seriesOf', () => {
  it('flattens counters and gauges with sorted tags, one series per label set', () => {
    const series = seriesOf([
      { name: 'requests_total', type: 'counter', values: [{ value: 3, labels: { status: 200, method: 'GET' } }, { value: 1, labels: { method: 'POST', status: 201 } }] },
      { name: 'queue_length', type: 'gauge', values: [{ value: 0, labels: {} }] },
    ]);
    expect(series).toEqual([
      { name: 'requests_total', tags: [{ name: 'method', value: 'GET' }, { name: 'status', value: '200' }], identity: 'requests_total{method="GET",status="200"}', value: 3 },
      { name: 'requests_total', tags: [{ name: 'method', value: 'POST' }, { name: 'status', value: '201' }], identity: 'requests_total{method="POST",status="201"}', value: 1 },
      { name: 'queue_length', tags: [], identity: 'queue_length{}', value: 0 },
    ]);
  });

  it('keeps the sum and count of a histogram but not its buckets, and skips values that are not finite', () => {
    const series = seriesOf([
      {
        name: 'duration_seconds',
        type: 'histogram',
        values: [
          { value: 2, labels: { le: 0.1 }, metricName: 'duration_seconds_bucket' },
          { value: 0.05, labels: {}, metricName: 'duration_seconds_sum' },
          { value: 2, labels: {}, metricName: 'duration_seconds_count' },
        ],
      },
      { name: 'latency', type: 'summary', values: [{ value: 1, labels: { quantile: 0.5 } }, { value: 4, labels: {}, metricName: 'latency_count' }] },
      { name: 'broken', type: 'gauge', values: [{ value: Number.NaN, labels: {} }] },
    ]);
    expect(series.map((s) => s.identity)).toEqual(['duration_seconds_sum{}', 'duration_seconds_count{}', 'latency_count{}']);
  });

  it("leaves out Node's per-heap-space sizes and the event loop's lesser lag statistics", () => {
    const gauge = (name: string) => ({ name, type: 'gauge', values: [{ value: 1, labels: {} }] });
    const names = ['nodejs_heap_space_size_used_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_p50_seconds', 'nodejs_eventloop_lag_p99_seconds'];
    expect(seriesOf(names.map(gauge)).map((s) => s.name)).toEqual(['nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_p99_seconds']);
  });

  it('quotes tag values so that different label sets never share an identity', () => {
    expect(meterIdentity('m', [{ name: 'a', value: '1",b="2' }])).not.toBe(meterIdentity('m', [{ name: 'a', value: '1' }, { name: 'b', value: '2' }]));
  });
});
