/**
 * What the server log holds for an operator (issue 25): runner polls and heartbeats at debug, a failed run as one
 * warn line with its ids, a refused burst of sign-ins as one warn line. The log is pino's JSON lines, caught through
 * buildApp's logger stream.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { requestLogLevel } from '../src/plugins/request-log.ts';
import { LOGIN_POLICY } from '../src/security/login-limiter.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { createRunnerToken, scenarioWithInputs, scheduleOk, TestRunner } from './runner-client.ts';
import { addUser } from './workspace-helpers.ts';

interface Line {
  level: number;
  msg: string;
  [field: string]: unknown;
}
const DEBUG = 20;
const INFO = 30;
const WARN = 40;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWithLog(level: 'info' | 'debug', options: Parameters<typeof createTestApp>[0] = {}) {
  const lines: Line[] = [];
  const app = await createTestApp({ ...options, env: { LOG_LEVEL: level }, logger: { stream: { write: (line) => void lines.push(JSON.parse(line) as Line) } } });
  t = app;
  return { lines, app: app.app };
}

const requestLines = (lines: Line[], path: string) =>
  lines.filter((line) => line.msg === 'request completed' && (line.req as { url: string }).url.startsWith(`${API}${path}`));

/** Alice's run claimed by the runner "laptop", started and ended; `beforeClaim`/`afterClaim` make the runner's other calls. */
async function runToTheEnd(
  app: TestApp['app'],
  end: { status: 'FINISHED' | 'FAILED'; exitCode: number },
  hooks: { beforeClaim?: (runner: TestRunner) => Promise<void>; afterClaim?: (runner: TestRunner) => Promise<void> } = {},
) {
  const admin = await setupAdmin(app);
  const alice = await addUser(app, admin, 'alice');
  const token = await createRunnerToken(app, admin);
  const scheduled = await scheduleOk(app, alice, await scenarioWithInputs(app, alice));
  const runner = new TestRunner(app, { token: token.token, name: 'laptop' });
  await runner.connect();
  await hooks.beforeClaim?.(runner);
  expect((await runner.claimJob())?.jobId).toBe(scheduled.id);
  await hooks.afterClaim?.(runner);
  expect((await runner.started(scheduled.id)).statusCode).toBe(200);
  expect((await runner.finish(scheduled.id, end.status, end.exitCode)).statusCode).toBe(200);
  return { admin, alice, token, scheduled, runner };
}

describe('the server log', () => {
  it('has one warn line for a failed run, with its run, job, runner and user ids; polls and heartbeats at debug', async () => {
    const { lines, app } = await appWithLog('debug');
    const { alice, token, scheduled, runner } = await runToTheEnd(app, { status: 'FAILED', exitCode: 1 }, {
      beforeClaim: async (runner) => {
        for (let poll = 0; poll < 3; poll++) expect((await runner.heartbeat([])).statusCode).toBe(200);
      },
      afterClaim: async (runner) => expect(await runner.claimJob()).toBeNull(),
    });

    const warnings = lines.filter((line) => line.level >= WARN);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      level: WARN,
      msg: 'a run failed',
      runId: scheduled.datasetId,
      jobId: scheduled.id,
      userId: alice.userId,
      runnerId: runner.runnerId,
      runner: 'laptop',
      runnerTokenId: token.id,
      exitCode: 1,
    });

    const polls = [...requestLines(lines, '/jobs/runner/claim'), ...requestLines(lines, '/jobs/runner/heartbeat')];
    expect(polls).toHaveLength(5);
    expect(polls.every((line) => line.level === DEBUG)).toBe(true);
    // What a person did, and a runner connecting or a job starting and ending, stay at info.
    expect(requestLines(lines, '/jobs/jobs').map((line) => line.level)).toContain(INFO);
    for (const event of ['/jobs/runner/connect', `/jobs/runner/jobs/${scheduled.id}/started`, `/jobs/runner/jobs/${scheduled.id}/finish`]) {
      expect(requestLines(lines, event).map((line) => line.level), event).toEqual([INFO]);
    }
    // Fastify's own "incoming request" line is gone: one line per request.
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('at info holds no poll lines at all', async () => {
    const { lines, app } = await appWithLog('info');
    const admin = await setupAdmin(app);
    const token = await createRunnerToken(app, admin);
    const runner = new TestRunner(app, { token: token.token });
    await runner.connect();
    for (let poll = 0; poll < 5; poll++) {
      await runner.heartbeat([]);
      await runner.claimJob();
    }
    expect(requestLines(lines, '/jobs/runner/')).toHaveLength(1); // connect
    expect(lines.filter((line) => line.level >= WARN)).toEqual([]);
  });

  it('has one warn line for a runner refused for its address, with the token id and the address', async () => {
    const { lines, app } = await appWithLog('info');
    const admin = await setupAdmin(app);
    const token = await createRunnerToken(app, admin, { ipv4range: '10.0.0.0/8', ipv6range: 'fd00::/8' });
    const runner = new TestRunner(app, { token: token.token, name: 'elsewhere' });
    await expect(runner.connect()).rejects.toThrow(/403/);
    const refused = lines.filter((line) => line.event === 'runner.refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ level: WARN, reason: 'address', tokenId: token.id, address: '127.0.0.1' });
  });

  it('has the lifecycle of runners, runs and administration at info, with ids and the acting user', async () => {
    const { lines, app } = await appWithLog('info');
    const { admin, alice, token, scheduled, runner } = await runToTheEnd(app, { status: 'FINISHED', exitCode: 0 });
    const team = await app.inject({ method: 'POST', url: `${API}/accounts/groups`, headers: { cookie: alice.cookie }, payload: { name: 'modellers' } });
    expect(team.statusCode).toBe(200);
    const block = { users: [alice.userId], action: 'setUserState', payload: { state: 'blocked' } };
    expect((await app.inject({ method: 'POST', url: `${API}/accounts/users/batch`, headers: { cookie: admin }, payload: block })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url: `${API}/corridor/features`, headers: { cookie: admin }, payload: { accountsSignup: true } })).statusCode).toBe(200);
    const settings = { accountsSignupDomains: 'example.org', emailSmtpAuthPW: 'secret-password' };
    expect((await app.inject({ method: 'PUT', url: `${API}/corridor/settings`, headers: { cookie: admin }, payload: settings })).statusCode).toBe(200);

    const event = (name: string) => lines.filter((line) => line.event === name);
    expect(event('user.created')).toEqual([
      expect.objectContaining({ level: INFO, username: 'admin', by: 'setup' }),
      expect.objectContaining({ level: INFO, userId: alice.userId, username: 'alice', actor: 'admin' }),
    ]);
    expect(event('run.scheduled')).toEqual([expect.objectContaining({ level: INFO, runId: scheduled.datasetId, jobId: scheduled.id, actorId: alice.userId })]);
    expect(event('runner.connected')).toEqual([expect.objectContaining({ level: INFO, runnerId: runner.runnerId, runner: 'laptop', tokenId: token.id })]);
    expect(event('run.started')).toEqual([expect.objectContaining({ level: INFO, runId: scheduled.datasetId, jobId: scheduled.id, runner: 'laptop' })]);
    expect(event('run.finished')).toEqual([expect.objectContaining({ level: INFO, runId: scheduled.datasetId, jobId: scheduled.id, userId: alice.userId, exitCode: 0 })]);
    expect(event('team.created')).toEqual([expect.objectContaining({ level: INFO, team: 'modellers', actorId: alice.userId })]);
    expect(event('user.blocked')).toEqual([expect.objectContaining({ level: INFO, userIds: [alice.userId], actor: 'admin' })]);
    expect(event('settings.features-changed')).toEqual([expect.objectContaining({ level: INFO, features: { accountsSignup: true } })]);
    expect(event('settings.changed')).toEqual([expect.objectContaining({ level: INFO, settings: ['accountsSignupDomains', 'emailSmtpAuthPW'], actor: 'admin' })]);
    expect(lines.some((line) => JSON.stringify(line).includes('secret-password'))).toBe(false);
    // Request lines name who asked.
    expect(requestLines(lines, '/accounts/groups').at(-1)).toMatchObject({ userId: alice.userId, via: 'session' });
    expect(lines.filter((line) => line.level >= WARN)).toEqual([]);
  });

  it('has one warn line when sign-ins of a name from an address start being refused, not one per attempt', async () => {
    const { lines, app } = await appWithLog('info', { loginPolicy: { ...LOGIN_POLICY, pairFreeFailures: 2, accountDelayMs: 1 } });
    await setupAdmin(app);
    const attempt = () =>
      app.inject({ method: 'POST', url: `${API}/accounts/login`, payload: { username: 'admin', password: 'wrong-password' }, remoteAddress: '198.51.100.7' });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 429, 429, 429, 429]);
    const warnings = lines.filter((line) => line.level >= WARN);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ msg: 'sign-in attempts refused: too many failures', ip: '198.51.100.7', username: 'admin' });
  });

  it.each([
    ['POST', `${API}/jobs/runner/claim`, 200, 'debug'],
    ['POST', `${API}/jobs/runner/heartbeat`, 200, 'debug'],
    ['POST', `${API}/jobs/runner/jobs/4/progress`, 200, 'debug'],
    ['POST', `${API}/jobs/runner/jobs/4/finish`, 200, 'info'],
    ['POST', `${API}/jobs/runner/claim`, 500, 'info'],
    ['GET', `${API}/health`, 200, 'debug'],
    ['GET', '/assets/index-abc123.js', 200, 'debug'],
    ['GET', '/berlin/runs', 200, 'debug'],
    ['GET', `${API}/datasets/runs`, 200, 'info'],
    ['GET', '/docs/json', 200, 'info'],
  ] as const)('%s %s answering %i is logged at %s', (method, path, status, level) => {
    expect(requestLogLevel(method, path, status)).toBe(level);
  });
});
