/**
 * Pure: a Prometheus registry's values (`getMetricsAsJSON()`) as the flat series the sampler stores, one per name
 * and label set. Histogram and summary buckets/quantiles are left out (their `_sum` and `_count` stay): a bucket
 * per route and status would multiply the meters without telling a chart more than count and sum do. Node's
 * per-heap-space sizes and the event-loop lag's minimum, deviation and lower percentiles are left out too: they change
 * every minute, and the heap totals, the lag's mean, maximum and p99 tell the dashboard the same. All of them stay on
 * GET /metrics for scrapers.
 */
import type { MeterTag } from '@corridor/contract';

export interface RegistryMetric {
  name: string;
  type: string;
  values: { value: number; labels: Record<string, string | number | undefined>; metricName?: string }[];
}

export interface SeriesSample {
  name: string;
  /** Sorted by name. */
  tags: MeterTag[];
  /** name plus the sorted tags: the meter's unique key. */
  identity: string;
  value: number;
}

/** Names and name prefixes that are not sampled into the database. */
const NOT_SAMPLED_PREFIXES = ['nodejs_heap_space_size_'];
const NOT_SAMPLED = new Set(['nodejs_eventloop_lag_min_seconds', 'nodejs_eventloop_lag_stddev_seconds', 'nodejs_eventloop_lag_p50_seconds', 'nodejs_eventloop_lag_p90_seconds']);

const sampled = (name: string) => !NOT_SAMPLED.has(name) && !NOT_SAMPLED_PREFIXES.some((prefix) => name.startsWith(prefix));

export function seriesOf(metrics: readonly RegistryMetric[]): SeriesSample[] {
  const samples = new Map<string, SeriesSample>();
  for (const metric of metrics) {
    if (!sampled(metric.name)) continue;
    for (const entry of metric.values) {
      const name = entry.metricName ?? metric.name;
      if (name.endsWith('_bucket') || (metric.type === 'summary' && 'quantile' in entry.labels)) continue;
      if (!Number.isFinite(entry.value)) continue;
      const tags = Object.entries(entry.labels)
        .filter((pair): pair is [string, string | number] => pair[1] !== undefined)
        .map(([tag, value]) => ({ name: tag, value: String(value) }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const identity = meterIdentity(name, tags);
      samples.set(identity, { name, tags, identity, value: entry.value });
    }
  }
  return [...samples.values()];
}

/** `name{a="1",b="2"}` with the tags in the given (sorted) order, as Prometheus writes a series. */
export function meterIdentity(name: string, tags: readonly MeterTag[]): string {
  return `${name}{${tags.map((t) => `${t.name}=${JSON.stringify(t.value)}`).join(',')}}`;
}
