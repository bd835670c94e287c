/**
 * The one drizzle schema for both PGlite and PostgreSQL. Migrations in ./migrations are generated from it
 * with `npm run db:generate` and applied at start; never edit a generated migration by hand.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    // Null for accounts created by sign-up until a password is set; such accounts cannot sign in.
    passwordHash: text('password_hash'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    state: text('state').notNull().default('active'),
    registered: createdAt('registered'),
    lastActive: timestamp('last_active', { withTimezone: true }),
    // The language chosen under My Profile > Appearance (issue 25); null: the browser's language.
    language: text('language'),
  },
  (t) => [
    // Case-insensitive: "Alice" and "alice" would otherwise be two accounts a person cannot tell apart.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_state_check', sql`${t.state} in ('active', 'blocked')`),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    // Every user has exactly one personal group named like the user; teams are the other groups.
    personal: boolean('personal').notNull().default(false),
    created: createdAt('created'),
  },
  (t) => [uniqueIndex('groups_name_lower_key').on(sql`lower(${t.name})`)],
);

export const memberships = pgTable(
  'memberships',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('memberships_user_id_idx').on(t.userId),
    check('memberships_role_check', sql`${t.role} in ('owner', 'member')`),
  ],
);

/** A signed-in device. The cookie carries `token.secret`; only a SHA-256 of the secret is stored. */
export const loginTokens = pgTable(
  'login_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    token: text('token').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    created: createdAt('created'),
    lastAccess: timestamp('last_access', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_tokens_user_id_idx').on(t.userId)],
);

export const emails = pgTable(
  'emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    created: createdAt('created'),
    verified: boolean('verified').notNull().default(false),
    verifiedTimestamp: timestamp('verified_timestamp', { withTimezone: true }),
  },
  (t) => [index('emails_user_id_idx').on(t.userId)],
);

/** Only flags that differ from the contract's DEFAULT_FEATURES need a row. */
export const features = pgTable('features', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

export const licenses = pgTable('licenses', {
  key: text('key').primaryKey(),
  payload: jsonb('payload').notNull(),
  added: createdAt('added'),
});

/** Scenarios and runs (`type`), each in one group; the key is unique per group and type (spec 1 §3). */
export const datasets = pgTable(
  'datasets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    // No cascade: a group is never deleted with datasets (and their blobs) still in it.
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    /** A run's labels ("baseline", "policy A"), shown and filtered in the run list. */
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    created: createdAt('created'),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('datasets_group_type_key_key').on(t.groupId, t.type, t.key),
    check('datasets_type_check', sql`${t.type} in ('scenario', 'run')`),
  ],
);

/**
 * An uploaded or platform-written file. The bytes live in the blob store under `blob_key`; a row exists only
 * once its blob is complete. A file may be used by several datasets (`dataset_files`).
 */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    blobKey: text('blob_key').notNull().unique(),
    // The data-type tag sniffed from the content (`network_v2`, …); null for anything the platform does not know.
    tag: text('tag'),
    type: text('type').notNull().default('user'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
    added: createdAt('added'),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('files_created_by_idx').on(t.createdBy)],
);

/** Usages: which dataset uses which file. */
export const datasetFiles = pgTable(
  'dataset_files',
  {
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    added: createdAt('added'),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.fileId] }), index('dataset_files_file_id_idx').on(t.fileId)],
);

/** Files computed from a file (network previews, processing logs), served at /files/{id}/d/{filename}. */
export const derivedFiles = pgTable(
  'derived_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    filename: text('filename').notNull(),
    blobKey: text('blob_key').notNull().unique(),
    size: bigint('size', { mode: 'number' }).notNull(),
    created: createdAt('created'),
  },
  (t) => [uniqueIndex('derived_files_file_id_filename_key').on(t.fileId, t.filename)],
);

/** Users with access to a dataset beyond its group: the creator (OWNER) and those the owner granted (USER). */
export const datasetAccess = pgTable(
  'dataset_access',
  {
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessType: text('access_type').notNull(),
    added: createdAt('added'),
  },
  (t) => [
    primaryKey({ columns: [t.datasetId, t.userId] }),
    index('dataset_access_user_id_idx').on(t.userId),
    check('dataset_access_type_check', sql`${t.accessType} in ('OWNER', 'USER')`),
  ],
);

/** Ordered lists of modifications to a scenario's network or transit data (spec 2). */
export const changesets = pgTable(
  'changesets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    modifications: jsonb('modifications').$type<unknown[]>().notNull().default([]),
    /** Spec 2 §3/§7 (issue 27): how each group was saved, new file names and base files, as the last save sent them. */
    saveOptions: jsonb('save_options').$type<Record<string, string>>(),
    newFileNames: jsonb('new_file_names').$type<Record<string, string>>(),
    baseFile: jsonb('base_file').$type<Record<string, number | null>>(),
    created: createdAt('created'),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('changesets_dataset_id_idx').on(t.datasetId)],
);

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

/**
 * Tables imported from a dataset's CSV files (spec 3 §3 "Table"). The rows live as a Parquet file under
 * `DATA_DIR/tables/{storage}`; this is the catalogue: name (unique per dataset), originating file, typed fields.
 */
export const datasetTables = pgTable(
  'dataset_tables',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // The file it was imported from; the table stays when the file goes.
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name'),
    fields: jsonb('fields').$type<{ name: string; type: string }[]>().notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
    storage: text('storage').notNull().unique(),
    created: createdAt('created'),
  },
  (t) => [uniqueIndex('dataset_tables_dataset_name_key').on(t.datasetId, t.name)],
);

/** Saved charts (spec 3 §3 "Chart"): the configuration as sent, and its preview and thumbnail in the blob store. */
export const charts = pgTable(
  'charts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    chart: jsonb('chart').$type<Record<string, unknown>>().notNull(),
    previewKey: text('preview_key'),
    thumbnailKey: text('thumbnail_key'),
    created: createdAt('created'),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('charts_group_id_idx').on(t.groupId)],
);

/** Dashboards (spec 3 §3): items and variables as the contract types them; a locked one refuses changes. */
export const dashboards = pgTable(
  'dashboards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    locked: boolean('locked').notNull().default(false),
    items: jsonb('items').$type<unknown[]>().notNull().default([]),
    variables: jsonb('variables').$type<unknown[]>().notNull().default([]),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    created: createdAt('created'),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('dashboards_group_id_idx').on(t.groupId)],
);

/**
 * API keys (spec 1 §3): `Authorization: Bearer {key}.{secret}` authenticates as the user. `key` is the public id the
 * profile lists and deletes; only a SHA-256 of the secret is stored, so the full key is shown once, at creation.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    created: createdAt('created'),
    lastAccess: timestamp('last_access', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_id_idx').on(t.userId)],
);

/**
 * One-time links mailed to a user: `verify-email` (for `email_id`) and `set-password` (forgot password, sign-up).
 * Only a SHA-256 of the token is stored; `used` is set when it is redeemed, so a link works once, until `expires`.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailId: integer('email_id').references(() => emails.id, { onDelete: 'cascade' }),
    created: createdAt('created'),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
    used: timestamp('used', { withTimezone: true }),
  },
  (t) => [
    index('account_tokens_user_id_idx').on(t.userId),
    check('account_tokens_purpose_check', sql`${t.purpose} in ('verify-email', 'set-password')`),
  ],
);

/** Metric meters (spec 3 §3): one row per meter name and tag set, as sampled from the Prometheus registry. */
export const metricMeters = pgTable(
  'metric_meters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    tags: jsonb('tags').$type<{ name: string; value: string }[]>().notNull().default([]),
    /** name plus the sorted tags, for the unique lookup when sampling. */
    identity: text('identity').notNull().unique(),
  },
);

/** A meter's sampled values (every minute, kept for the retention window). */
export const meterValues = pgTable(
  'meter_values',
  {
    meterId: integer('meter_id')
      .notNull()
      .references(() => metricMeters.id, { onDelete: 'cascade' }),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.meterId, t.timestamp] }), index('meter_values_timestamp_idx').on(t.timestamp)],
);

/** Metrics Dashboard presets (spec 3 §3 "Chart preset"): a name, a time range in minutes and the chosen meter ids. */
export const metricCharts = pgTable(
  'metric_charts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    timeRange: integer('time_range').notNull(),
    settings: jsonb('settings').$type<{ series: number[] }>().notNull(),
    created: createdAt('created'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('metric_charts_name_lower_key').on(sql`lower(${t.name})`)],
);

/**
 * Background work claimed through the database (issue 30, several servers): one row per item still to do (a network
 * to process, a finished run's tables, its vehicle data, a run import). A server claims a row in one statement
 * (`FOR UPDATE SKIP LOCKED`), holds it while `claimed_until` lies ahead (renewed while working) and deletes it when
 * done; a row whose lease ran out (its server died) is claimed by another. `generation` grows when the item is asked
 * for again while claimed: the claimer then hands it back instead of deleting it, so it runs once more.
 */
export const backgroundWork = pgTable(
  'background_work',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    generation: integer('generation').notNull().default(0),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Times the item was claimed (a crash loop shows here). */
    attempts: integer('attempts').notNull().default(0),
    created: createdAt('created'),
  },
  (t) => [uniqueIndex('background_work_kind_subject_key').on(t.kind, t.subjectId), index('background_work_kind_claim_idx').on(t.kind, t.claimedUntil)],
);

/** Singletons among several servers (heartbeat monitor, metrics sampler, table sweep): one holder per name while its lease lasts. */
export const leaderLeases = pgTable('leader_leases', {
  name: text('name').primaryKey(),
  heldBy: text('held_by').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/** State of the sign-in and mail limiters, shared by every server process (issue 30); expired rows are swept. */
export const limiterState = pgTable(
  'limiter_state',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
  },
  (t) => [index('limiter_state_expires_idx').on(t.expires)],
);
