/**
 * Users, teams and how they sign in: accounts, groups and memberships, devices (login tokens), e-mail addresses, API
 * keys, mailed one-time links; installation settings, feature flags and licences.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

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
