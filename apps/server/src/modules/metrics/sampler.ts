/**
 * Every minute (METRICS_SAMPLE_MS) the registry's values go into metric_meters/meter_values for the dashboard — only
 * the values that changed, and unchanged ones every METRIC_UNCHANGED_STORE_MINUTES (changes.ts) — and values older
 * than the retention window are deleted (docs/decisions.md: 14 days, the longest time range of spec 3 §9 is 20160
 * minutes). One sample at a time; stop() waits for the one under way. With several servers on one database, the
 * holder of the `metrics-sampler` lease samples (cluster/leader.ts, issue 30): one series, not one per process.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { StoredValues } from './changes.ts';
import type { MetricsRepository } from './repository.ts';
import { seriesOf, type RegistryMetric } from './series.ts';

export const METRICS_RETENTION_MS = 14 * 24 * 60 * 60_000;

export interface SamplerDeps {
  registry: Registry;
  repository: MetricsRepository;
  now: () => Date;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** Several servers: a tick samples only on the server that holds (or takes) this lease; absent: always. */
  leader?: { acquire(): Promise<boolean>; release(): Promise<void> };
}

export class MetricsSampler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private readonly stored = new StoredValues();

  constructor(private readonly deps: SamplerDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running = this.running.then(async () => ((await (this.deps.leader?.acquire() ?? true)) ? this.sample() : undefined)).catch((err: unknown) => this.deps.log.warn({ err }, 'could not sample the metrics'));
    }, this.deps.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await this.deps.leader?.release().catch((err: unknown) => this.deps.log.warn({ err }, 'could not hand the metrics sampler lease back'));
  }

  /** One sample at the current time (the series that are due, see changes.ts), then the retention sweep. */
  async sample(): Promise<void> {
    const { registry, repository, now } = this.deps;
    const at = now();
    const metrics = (await registry.getMetricsAsJSON()) as unknown as RegistryMetric[];
    const due = this.stored.due(seriesOf(metrics), at);
    await repository.storeSample(due, at);
    this.stored.stored(due, at);
    await repository.deleteValuesBefore(new Date(at.getTime() - METRICS_RETENTION_MS));
  }
}
