/**
 * Several server processes on one database (issue 30): claimed background work, leader leases, the limiters' shared
 * state.
 */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

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
