/**
 * System information, the help page's config info and the metrics dashboard (spec 3 §2.17, §2.18, §3, §7, §9).
 */
import { z } from 'zod';
import { Int32, RowId } from './integers.ts';
import { JOB_STATUSES } from './jobs.ts';
import { Name } from './strings.ts';

/** GET /sysinfo/sysinfo (administrators): what the System Information page shows. */
export const SysInfo = z.object({
  version: z.string(),
  /** ISO date-time; null when no build is known. */
  buildDate: z.string().nullable(),
  /** Seconds since the server process started. */
  uptimeSeconds: z.number(),
  nodeVersion: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgresql']),
    version: z.string(),
    sizeBytes: z.number(),
  }),
  dataDir: z.object({
    path: z.string(),
    /** Bytes under DATA_DIR (files, logs, tables, database of PGlite, engines). */
    usedBytes: z.number(),
    /** The filesystem DATA_DIR lies on. */
    freeBytes: z.number(),
    totalBytes: z.number(),
  }),
  files: z.object({ count: z.number(), totalBytes: z.number() }),
  /** Jobs (one per run) by status; every status present, 0 when none. */
  runsByStatus: z.record(z.enum(JOB_STATUSES), z.number()),
  connectedRunners: z.number(),
  host: z.object({
    cpuModel: z.string(),
    cpuCores: z.number(),
    /** 1, 5 and 15 minute load averages. */
    loadAverage: z.array(z.number()),
    memoryTotalBytes: z.number(),
    memoryFreeBytes: z.number(),
    processRssBytes: z.number(),
  }),
});
export type SysInfo = z.infer<typeof SysInfo>;

/** GET /sysinfo/config (signed-in users): the help page's config info (spec 3 §3). */
export const ConfigInfo = z.object({
  buildVersion: z.string(),
  buildDate: z.string().nullable(),
  fileserver: z.object({
    /** SFTP file access (SFTP_PORT); host null: the host the browser uses. */
    ssh: z.object({ enabled: z.boolean(), port: z.number().nullable(), host: z.string().nullable() }),
    webdav: z.object({ enabled: z.boolean() }),
  }),
  standalone: z.boolean(),
  standalonePort: z.number().nullable(),
});
export type ConfigInfo = z.infer<typeof ConfigInfo>;

/** Metric meter (spec 3 §3): one sampled Prometheus series, its name and labels. */
export const MeterTag = z.object({ name: z.string(), value: z.string() });
export type MeterTag = z.infer<typeof MeterTag>;
export const Meter = z.object({ id: z.number().int(), name: z.string(), tags: z.array(MeterTag) });
export type Meter = z.infer<typeof Meter>;

/** Meter value: an ISO timestamp and the value sampled then. */
export const MeterValue = z.object({ timestamp: z.string(), value: z.number() });
export type MeterValue = z.infer<typeof MeterValue>;

/** GET /metrics/meters/{id}/values?from&to: ISO date-times; default the last DEFAULT_METRIC_TIME_RANGE minutes. */
export const MeterValuesQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type MeterValuesQuery = z.infer<typeof MeterValuesQuery>;

/** Time ranges of the metrics dashboard in minutes (spec 3 §9). */
export const METRIC_TIME_RANGES = [60, 360, 1440, 4320, 10080, 20160] as const;
export const DEFAULT_METRIC_TIME_RANGE = 360;
/**
 * The sampler stores a meter's value when it changed since the last stored one, and at least every this many minutes
 * when it did not: a longer gap between two stored values means nothing was sampled then (the server was down).
 */
export const METRIC_UNCHANGED_STORE_MINUTES = 10;
export const MetricTimeRange = Int32.refine((v) => (METRIC_TIME_RANGES as readonly number[]).includes(v), `The time range must be one of ${METRIC_TIME_RANGES.join(', ')} minutes.`);

/** Chart preset (spec 3 §3): a name, a time range and the chosen meter ids. */
export const MetricPresetRequest = z.object({
  name: Name(),
  timeRange: MetricTimeRange,
  settings: z.object({ series: z.array(RowId).max(100) }),
});
export type MetricPresetRequest = z.infer<typeof MetricPresetRequest>;

export const MetricPreset = MetricPresetRequest.extend({ id: z.number().int() });
export type MetricPreset = z.infer<typeof MetricPreset>;

/** POST /metrics/charts: the preset saved; `overwritten` when one of the same name was replaced (spec 3 §5). */
export const SaveMetricPresetAnswer = z.object({ preset: MetricPreset, overwritten: z.boolean() });
export type SaveMetricPresetAnswer = z.infer<typeof SaveMetricPresetAnswer>;
