/**
 * Running: job templates, jobs and their input files, scenario → run relations, run events, system files (logs), run
 * series, runner tokens and connected runners.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { groups, users } from './accounts.ts';
import { datasets, files } from './datasets.ts';

/**
 * How a run is executed (spec 3 §2.14). The migrations seed "Built-in engine" (the default), "Standard MATSim
 * Controller" and "MATSim Controller with Corridor". `files` are additional files staged next to the config.
 */
export const jobTemplates = pgTable('job_templates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  command: text('command').notNull(),
  /** A MATSim release ("2025.0", downloaded in setup), "custom" (the run brings its jar) or null (none needed). */
  matsimVersion: text('matsim_version'),
  /** Corridor integration jars of the template (spec 3 §3 "toolIntegrations"). */
  toolIntegrations: text('tool_integrations').array().notNull().default(sql`'{}'::text[]`),
  allowCustomJar: boolean('allow_custom_jar').notNull().default(false),
  files: jsonb('files').$type<{ fileId: number; name: string; extractArchive: boolean }[]>().notNull().default([]),
  created: createdAt('created'),
});

/**
 * A job: one execution of a run dataset on a runner. Created CREATED by POST /jobs/jobs; a runner's claim makes it
 * SUBMITTED (runner_id set, claim_id remembered so a retried claim returns the same job); STARTED when the process
 * runs; FINISHED/FAILED/CANCELLED at the end.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    // The run dataset; the job goes with the run.
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('CREATED'),
    templateId: integer('template_id').references(() => jobTemplates.id, { onDelete: 'set null' }),
    /** The template's command when the job was created (later template edits do not change a queued job). */
    command: text('command').notNull(),
    /** memory ("4g"), changesets [{id}], programArgs, matsimRunId, jar (file id or null). */
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull().default({}),
    ramInGb: integer('ram_in_gb').notNull().default(4),
    cpuCores: integer('cpu_cores').notNull().default(1),
    runnerId: text('runner_id'),
    /** The name of the runner that claimed the job, kept when the runner row is replaced or removed (issue 26). */
    runnerName: text('runner_name'),
    claimId: text('claim_id'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** Whether the job went back to the queue once after its runner was lost (setting runRequeueOnRunnerLoss). */
    requeued: boolean('requeued').notNull().default(false),
    /**
     * A run executed outside Corridor (a laptop, a Slurm node) and reported by `corridor-runner watch` with an API
     * key: no runner holds it, it cannot be stopped from here.
     */
    external: boolean('external').notNull().default(false),
    currentIteration: integer('current_iteration').notNull().default(-1),
    exitCode: integer('exit_code'),
    /** Why the job failed or was cancelled, for people. */
    message: text('message'),
    submitted: createdAt('submitted'),
    started: timestamp('started', { withTimezone: true }),
    finished: timestamp('finished', { withTimezone: true }),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_status_idx').on(t.status),
    index('jobs_dataset_id_idx').on(t.datasetId),
    index('jobs_runner_id_idx').on(t.runnerId),
    check('jobs_status_check', sql`${t.status} in ('CREATED', 'SUBMITTED', 'STARTED', 'FINISHED', 'FAILED', 'CANCELLED')`),
  ],
);

/** A job's input files by role (spec 1 §7.4 roles: config, network, population, …, jar, input). */
export const jobFiles = pgTable(
  'job_files',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.fileId, t.role] })],
);

/** Scenario → run relations (spec 1 §3 "Relation"). */
export const relations = pgTable(
  'relations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    dataset1: integer('dataset1').references(() => datasets.id, { onDelete: 'set null' }),
    dataset2: integer('dataset2')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    created: createdAt('created'),
  },
  (t) => [index('relations_dataset1_idx').on(t.dataset1), index('relations_dataset2_idx').on(t.dataset2)],
);

/** Run events (runStarted, runFinished, runImported …) with a status and time (spec 1 §3 "Run"). */
export const runEvents = pgTable(
  'run_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    timestamp: createdAt('timestamp'),
  },
  (t) => [index('run_events_dataset_id_idx').on(t.datasetId)],
);

/**
 * Files the platform writes about a dataset (spec 1 §7.4 "sysfiles"): the job's log (type stdout). The log grows
 * while the job runs: `blob_key` names an append-only file of the log store, `size` is its committed length.
 */
export const systemFiles = pgTable(
  'system_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    blobKey: text('blob_key').notNull().unique(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    created: createdAt('created'),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('system_files_dataset_id_idx').on(t.datasetId)],
);

/**
 * The live series of a run that its overview charts query as tables (spec 1 §7.4): `memory` (x = time in ms since
 * the epoch, key used/free/total/rss, value in bytes), `scoreStats` and `modeStats` (x = iteration, key = column).
 */
export const runSeries = pgTable(
  'run_series',
  {
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    table: text('table_name').notNull(),
    x: doublePrecision('x').notNull(),
    key: text('key').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [index('run_series_dataset_table_idx').on(t.datasetId, t.table, t.x)],
);

/** Runner tokens (spec 3 §2.9): a runner connects with the token from an address in one of the ranges. */
export const runnerTokens = pgTable('runner_tokens', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** SHA-256 (hex) of the secret; the secret itself is shown once, at creation (issue 26). */
  tokenHash: text('token_hash').notNull().unique(),
  /** The secret's last 4 characters, to tell tokens apart in the list. */
  tokenHint: text('token_hint').notNull().default(''),
  description: text('description').notNull().default(''),
  ipv4range: text('ipv4range').notNull().default(''),
  ipv6range: text('ipv6range').notNull().default(''),
  /** The token the server made for its own embedded runner. */
  embedded: boolean('embedded').notNull().default(false),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  created: createdAt('created'),
});

/** A connected runner agent; `last_heartbeat` older than the timeout means it is gone. */
export const runners = pgTable(
  'runners',
  {
    id: text('id').primaryKey(),
    tokenId: integer('token_id')
      .notNull()
      .references(() => runnerTokens.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    capabilities: text('capabilities').array().notNull().default(sql`'{}'::text[]`),
    /** Whether it starts its jobs in the bubblewrap sandbox (what it said when connecting). */
    sandboxed: boolean('sandboxed').notNull().default(false),
    /** {cpuCores, ramInGb} */
    totalResources: jsonb('total_resources').$type<{ cpuCores: number; ramInGb: number }>().notNull(),
    availableResources: jsonb('available_resources').$type<{ cpuCores: number; ramInGb: number }>().notNull(),
    address: text('address').notNull().default(''),
    connected: createdAt('connected'),
    lastHeartbeat: timestamp('last_heartbeat', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('runners_token_id_idx').on(t.tokenId)],
);
