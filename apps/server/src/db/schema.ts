/**
 * The one drizzle schema for both PGlite and PostgreSQL, one file per area in ./schema/. Migrations in ./migrations
 * are generated from it with `npm run db:generate` and applied at start; never edit a generated migration by hand.
 */
export * from './schema/accounts.ts';
export * from './schema/datasets.ts';
export * from './schema/jobs.ts';
export * from './schema/analysis.ts';
export * from './schema/cluster.ts';
