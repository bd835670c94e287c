/**
 * Every minute (METRICS_SAMPLE_MS) the registry's values go into metric_meters/meter_values for the dashboard, and
 * values older than the retention window are deleted (docs/decisions.md: 14 days, the longest time range of
 * spec 3 §9 is 20160 minutes). One sample at a time; stop() waits for the one under way.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { MetricsRepository } from './repository.ts';
import { seriesOf, type RegistryMetric } from './series.ts';

export const METRICS_RETENTION_MS = 14 * 24 * 60 * 60_000;

export interface SamplerDeps {
  registry: Registry;
  repository: MetricsRepository;
  now: () => Date;
  intervalMs: number;
  log: FastifyBaseLogger;
}

export class MetricsSampler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly deps: SamplerDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.sample()).catch((err: unknown) => this.deps.log.warn({ err }, 'could not sample the metrics'));
    }, this.deps.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One sample of every series at the current time, then the retention sweep. */
  async sample(): Promise<void> {
    const { registry, repository, now } = this.deps;
    const at = now();
    const metrics = (await registry.getMetricsAsJSON()) as unknown as RegistryMetric[];
    await repository.storeSample(seriesOf(metrics), at);
    await repository.deleteValuesBefore(new Date(at.getTime() - METRICS_RETENTION_MS));
  }
}
