import { defineConfig } from 'vitest/config';

// Two passes (scripts/test.mjs): everything on PGlite; then, with TEST_DB=postgres, the server's API tests
// and the PGlite-vs-PostgreSQL schema comparison against a real PostgreSQL server. Browser tests have their
// own config in e2e/.
const postgres = process.env.TEST_DB === 'postgres';
const SCHEMA_TEST = 'apps/server/test/schema.test.ts';
/** Two server processes on one database (issue 30): PGlite is one process's database, so PostgreSQL pass only. */
const SEVERAL_SERVERS_TEST = 'apps/server/test/several-servers.test.ts';
/** The Dockerfile's layout built with `npm ci --omit=dev` and started on PostgreSQL, as the image runs (issue 30): once, in the PostgreSQL pass. */
const PRODUCTION_LAYOUT_TEST = 'apps/server/test/production-layout.test.ts';
/**
 * API tests whose subject is not the database (the worker pool under bombs, zip bombs, a file system race, the
 * contract's integer bounds refused before any SQL, release zips on disk, decompressed file heads, the link-use
 * index built in a worker, the OpenAPI document, log levels): the PGlite pass proves them, a second pass would test
 * the same path twice.
 */
const NOT_ABOUT_THE_DATABASE = [
  'bombs',
  'bomb-fairness',
  'run-import-zip',
  'server-files-race',
  'hostile-integers',
  'matsim-releases',
  'run-output-views',
  'link-use',
  'openapi-auth',
  'log-levels',
  'start-signals',
  // Rules in memory, files and workers; their SQL is the same as the files above exercise (issue 26: CI time). The
  // sign-in limits' counts are rows since issue 30: cluster-claims.test.ts runs that SQL in this pass.
  'login-rate-limit',
  'mailbox',
  'engine-setup',
  'network-binary-on-demand',
  'file-summary',
  'templates',
  // No database at all: the editor core, replay and the server's network writer on generated networks (issue 27).
  'changesets-property',
  'transit-graph',
  // Files read in the worker pool into derived files (their SQL: file access and derived files, as file-summary and
  // link-use above) and answers computed from them (issue 29: CI time).
  'transit-data',
  'drt-data',
  'drt-generate',
  'visualizer',
  // Files in an S3-compatible server process (issue 30); their SQL is the files' own, as files.test.ts runs it.
  's3-storage',
  // SFTP file access (issue 30): its listings and files go through the services files.test.ts runs on both.
  'sftp',
].map(
  (name) => `apps/server/test/${name}.test.ts`,
);

export default defineConfig({
  test: {
    include: postgres
      ? ['apps/server/test/**/*.test.ts']
      : ['packages/**/*.test.{ts,tsx}', 'apps/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**', ...(postgres ? NOT_ABOUT_THE_DATABASE : [SCHEMA_TEST, SEVERAL_SERVERS_TEST, PRODUCTION_LAYOUT_TEST])],
    // A fresh database per test app: PGlite starts in well under a second from the migrated template,
    // a PostgreSQL CREATE DATABASE is similar; scrypt hashes add ~100 ms per sign-in.
    // 60 s: on the 2-core CI machine, files run in parallel and a multi-step API test (a runner, a run, its
    // outputs) has passed 30 s under load (run-waiting.test.ts failed CI so). A test that hangs still fails.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at a time: vitest's default on 2 cores is one (cores - 1), which left the second core idle while
    // API tests wait on PGlite, child processes and timers (issue 26: the PGlite pass took 21 of CI's 40 minutes).
    maxWorkers: 2,
  },
});
