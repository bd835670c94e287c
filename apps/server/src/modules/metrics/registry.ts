/**
 * The Prometheus meters of one app, in a registry of its own (not prom-client's global one, so that several apps
 * in one process — tests — do not clash): HTTP requests and their latency, jobs by status, the queue, connected
 * runners, upload bytes, the PostgreSQL pool and the process (collectDefaultMetrics). Database figures are read
 * when the registry is collected.
 */
import { JOB_STATUSES } from '@corridor/contract';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type pg from 'pg';
import type { SystemRepository } from '../sysinfo/repository.ts';

export interface MetricsDeps {
  system: SystemRepository;
  /** node-postgres's pool on PostgreSQL; null on PGlite (no pool meters then). */
  pool: pg.Pool | null;
  now: () => Date;
  heartbeatTimeoutMs: number;
}

export interface Metrics {
  registry: Registry;
  /** Counts the bytes of an uploaded file. */
  uploaded(bytes: number): void;
  /** Counts every answer of `app` by method, route template and status, with its latency. */
  observe(app: FastifyInstance): void;
}

const HTTP_LABELS = ['method', 'route', 'status'] as const;

export function createMetrics(deps: MetricsDeps): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({ name: 'corridor_http_requests_total', help: 'HTTP requests answered', labelNames: HTTP_LABELS, registers });
  const latency = new Histogram({
    name: 'corridor_http_request_duration_seconds',
    help: 'Time from request to answer',
    labelNames: HTTP_LABELS,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const uploadBytes = new Counter({ name: 'corridor_upload_bytes_total', help: 'Bytes of uploaded files stored', registers });

  new Gauge({
    name: 'corridor_jobs',
    help: 'Jobs by status',
    labelNames: ['status'],
    registers,
    async collect() {
      const counts = await deps.system.jobsByStatus();
      for (const status of JOB_STATUSES) this.set({ status }, counts[status]);
    },
  });
  new Gauge({
    name: 'corridor_job_queue_length',
    help: 'Jobs waiting for a runner (CREATED)',
    registers,
    async collect() {
      this.set((await deps.system.jobsByStatus()).CREATED);
    },
  });
  new Gauge({
    name: 'corridor_runners_connected',
    help: 'Runners with a heartbeat within the timeout',
    registers,
    async collect() {
      this.set(await deps.system.connectedRunners(new Date(deps.now().getTime() - deps.heartbeatTimeoutMs)));
    },
  });
  const { pool } = deps;
  if (pool) {
    new Gauge({
      name: 'corridor_db_pool_connections',
      help: 'Connections of the database pool: all open ones and the idle ones among them',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'corridor_db_pool_waiting',
      help: 'Queries waiting for a database connection',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  return {
    registry,
    uploaded: (bytes) => uploadBytes.inc(bytes),
    observe(app) {
      app.addHook('onResponse', async (request, reply) => {
        // The route's template (`/api/v1/datasets/files/:id`), never the raw address with its ids.
        const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
        requests.inc(labels);
        latency.observe(labels, reply.elapsedTime / 1000);
      });
    },
  };
}
