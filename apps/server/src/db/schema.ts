/**
 * The one drizzle schema for both PGlite and PostgreSQL. Migrations in ./migrations are generated from it
 * with `npm run db:generate` and applied at start; never edit a generated migration by hand.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
    created: createdAt('created'),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('changesets_dataset_id_idx').on(t.datasetId)],
);

/** How a run is executed. The migration seeds the built-in engine as template 1 and as the default. */
export const jobTemplates = pgTable('job_templates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  command: text('command').notNull(),
  created: createdAt('created'),
});
