// `npm test`: every suite, in order, with one summary at the end. Fails when any step fails.
//  1. typecheck of all workspaces
//  2. unit + API tests on PGlite
//  3. the API tests again on PostgreSQL, when TEST_DATABASE_URL is set (CI sets it)
//  4. browser tests in real Chromium against a real server (web app built first if stale)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWebBuild, repoRoot } from './lib/web-build.mjs';

const reports = mkdtempSync(join(tmpdir(), 'corridor-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

function vitest(name, args, env = {}) {
  const report = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  run(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  if (!existsSync(report)) {
    failures.push(`${name} (no report)`);
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  if (json.numTotalTests === 0) failures.push(`${name} (ran no test)`);
  for (const file of json.testResults ?? []) {
    const path = file.name.startsWith(repoRoot) ? file.name.slice(repoRoot.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      const why = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failedTests.push(`[${name}] ${path} > ${test.fullName}\n    ${why}`);
    }
    if (!failed.length && file.status === 'failed') failedTests.push(`[${name}] ${path}\n    ${(file.message ?? '').split('\n')[0].slice(0, 300)}`);
  }
}

run('typecheck', 'npm', ['run', 'typecheck']);
vitest('unit and API tests (PGlite)', []);
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests (PostgreSQL)', [], { TEST_DB: 'postgres' });
} else {
  console.log('\nPostgreSQL suite not run: set TEST_DATABASE_URL (a database the tests may create databases from).');
}
try {
  ensureWebBuild();
  vitest('browser tests (Chromium)', ['--config', 'e2e/vitest.config.ts']);
} catch (error) {
  failures.push(`browser tests: ${error.message}`);
}

console.log('\n=== summary ===');
if (failedTests.length) console.log(`failed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
if (failures.length) console.log(`failed steps: ${failures.join('; ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed` + (totals.skipped ? `, ${totals.skipped} skipped` : ''));
process.exit(failures.length || totals.failed ? 1 : 0);
