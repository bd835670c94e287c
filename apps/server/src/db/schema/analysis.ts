/** Analysis and monitoring: imported tables, charts, dashboards, metric meters, their values and presets. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { groups, users } from './accounts.ts';
import { datasets, files } from './datasets.ts';

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
