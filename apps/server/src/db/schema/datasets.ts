/** Scenarios and runs (datasets), their files and usages, derived files, access beyond the group, changesets. */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { groups, users } from './accounts.ts';

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
