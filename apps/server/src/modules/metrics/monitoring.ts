/**
 * System information and metrics wired together for buildApp: the app's Prometheus registry, the sampler into the
 * database, the /api/v1 routes (sysinfo, meters, presets) and the /metrics endpoint.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { Cluster } from '../../cluster/cluster.ts';
import { databaseKind, postgresPool } from '../sysinfo/database-client.ts';
import { SystemRepository } from '../sysinfo/repository.ts';
import { sysInfoRoutes } from '../sysinfo/routes.ts';
import { SysInfoService } from '../sysinfo/service.ts';
import { metricsEndpoint, type MetricsCallers } from './endpoint.ts';
import { createMetrics, type Metrics } from './registry.ts';
import { MetricsRepository } from './repository.ts';
import { metricsRoutes } from './routes.ts';
import { MetricsSampler } from './sampler.ts';
import { MetricsService } from './service.ts';

export interface MonitoringOptions {
  config: Config;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Several servers: one samples per tick (the `metrics-sampler` lease). */
  cluster?: Cluster;
  /** SFTP file access once it listens, for the help page's config info. */
  sftp?: () => { port: number; host: string | null } | null;
}

export interface Monitoring {
  metrics: Metrics;
  /** Registers the /api/v1 routes (inside the API scope). */
  register(api: FastifyInstance): Promise<void>;
  /** GET /metrics, outside /api/v1; `callers` resolve the session cookie and API keys. */
  endpoint(callers: MetricsCallers): FastifyPluginAsync;
  start(): void;
  stop(): Promise<void>;
}

export function createMonitoring(options: MonitoringOptions): Monitoring {
  const { config, db, now, log } = options;
  const system = new SystemRepository(db);
  const heartbeatTimeoutMs = config.runnerHeartbeatTimeoutMs;
  const metrics = createMetrics({ system, pool: postgresPool(db), now, heartbeatTimeoutMs });
  const repository = new MetricsRepository(db);
  const sampler = new MetricsSampler({ registry: metrics.registry, repository, now, intervalMs: config.metricsSampleMs, log, leader: options.cluster?.lease('metrics-sampler', 2 * config.metricsSampleMs + 5_000) });
  const sysInfo = new SysInfoService({
    repository: system,
    databaseKind: databaseKind(db),
    dataDir: config.dataDir,
    webDist: config.webDist,
    port: config.port,
    now,
    heartbeatTimeoutMs,
    sftp: options.sftp,
  });
  const service = new MetricsService(repository, now);
  return {
    metrics,
    async register(api) {
      await api.register(sysInfoRoutes(sysInfo));
      await api.register(metricsRoutes(service));
    },
    endpoint: (callers) => metricsEndpoint({ metrics, token: config.metricsToken, callers }),
    start: () => sampler.start(),
    stop: () => sampler.stop(),
  };
}
