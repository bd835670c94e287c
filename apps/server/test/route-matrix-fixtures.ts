/**
 * The world the route × role matrix (route-matrix.test.ts) calls into: the callers (roles) and what the owner
 * owns — a team, a scenario with equil's files, a changeset, a finished run with a log and series, a job a runner
 * holds — every name carrying MARKER, so an answer that shows the owner's data to the wrong caller is found by
 * text. Destructive calls take fresh resources from the `fresh…` helpers, so the order of calls does not matter.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RUNNER_ID_HEADER, type Resources } from '@corridor/contract';
import { metricMeters } from '../src/db/schema.ts';
import { ADMIN, API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { linkIn, startSmtpServer, tokenOf, type TestSmtpServer } from './smtp-server.ts';
import { insertRun, sampleSeries, type InsertedRun } from './run-fixtures.ts';
import { createRunnerToken, ok, scenarioWithInputs, scheduleOk, TestRunner, type ScenarioInputs } from './runner-client.ts';
import { zipBytes } from '../../../packages/contract/test/zip-bytes.ts';
import { finishWithOutputs, vehicleData } from './visualizer-fixtures.ts';
import { addUser, attach, createScenario, SHARED_DATA, signIn, uploadOk, type Session } from './workspace-helpers.ts';

/** In every name the owner gives: no answer to an outsider may contain it. */
export const MARKER = 'zqxleak';

export const ROLES = ['anonymous', 'stranger', 'member', 'granted', 'owner', 'admin', 'runner', 'otherRunner', 'ownerKey', 'adminKey'] as const;
export type Role = (typeof ROLES)[number];
export type UserRole = 'stranger' | 'member' | 'granted' | 'owner' | 'admin';
type RunnerRole = 'runner' | 'otherRunner';
/** The API-key callers (issue 23): `Authorization: Bearer` with an API key of the owner or the administrator, no cookie. */
export const KEY_USERS = { ownerKey: 'owner', adminKey: 'admin' } as const satisfies Record<string, UserRole>;
type KeyRole = keyof typeof KEY_USERS;

const PASSWORD = 'password-1';
/** What the matrix's runners offer when they claim: only jobs scheduled with `RUNNER_JOB` resources fit. */
const RUNNER_OFFER: Resources = { cpuCores: 1, ramInGb: 1 };
export const JOB_COMMAND = '$ENGINE $CONFIG $ARGS';

interface RunnerCaller {
  token: string;
  client: TestRunner;
}

export class MatrixFixtures {
  private counter = 0;
  /** The full API key of the owner and of the administrator, for the key callers. */
  private readonly apiKeys = new Map<UserRole, string>();
  /** Secrets only administrators may see: runner tokens and licence keys. */
  readonly adminSecrets: string[] = [];

  private constructor(
    readonly t: TestApp,
    readonly users: Record<UserRole, Session>,
    /** A user with no part in the fixtures: added to teams, granted access, signed in. */
    readonly spare: Session,
    readonly runners: Record<RunnerRole, RunnerCaller>,
  ) {}

  static async create(): Promise<MatrixFixtures> {
    // No heartbeat timeout during the test: the runners' jobs must stay theirs however long the matrix takes. The
    // administrator's engine download goes to a closed local port and fails at once, in the background.
    const t = await createTestApp({ env: { RUNNER_HEARTBEAT_TIMEOUT_MS: '86400000', MATSIM_RELEASE_URL: 'http://127.0.0.1:9/{version}/matsim.zip' } });
    const adminCookie = await setupAdmin(t.app);
    const users = {
      admin: await signIn(t.app, ADMIN.username, ADMIN.password),
      owner: await addUser(t.app, adminCookie, 'olivia'),
      member: await addUser(t.app, adminCookie, 'mike'),
      granted: await addUser(t.app, adminCookie, 'grace'),
      stranger: await addUser(t.app, adminCookie, 'nora'),
    };
    const spare = await addUser(t.app, adminCookie, 'erin');
    const runner = async (name: string): Promise<RunnerCaller> => {
      const { token } = await createRunnerToken(t.app, adminCookie);
      const client = new TestRunner(t.app, { token, name, capabilities: ['engine', 'java'], resources: RUNNER_OFFER });
      await client.connect();
      return { token, client };
    };
    const fx = new MatrixFixtures(t, users, spare, { runner: await runner('matrix-runner'), otherRunner: await runner('other-runner') });
    fx.smtp = await startSmtpServer();
    fx.adminSecrets.push(fx.runners.runner.token, fx.runners.otherRunner.token);
    await fx.setUp();
    return fx;
  }

  // ---- what the owner owns (set up once) ------------------------------------------------------------------

  /** The mail server the settings point at. */
  smtp!: TestSmtpServer;
  lab!: { id: number; name: string };
  scenario!: ScenarioInputs & { id: number; name: string };
  /** A scenario of the stranger's own: the parent through which they address the owner's nested things. */
  strangerScenario!: number;
  /** A config of the scenario that no run uses: the config save changes it in place. */
  spareConfig!: number;
  changeset!: number;
  run!: InsertedRun;
  jobTemplate!: number;
  /** The default job template before the matrix ran (runner jobs are scheduled with it). */
  defaultTemplate!: number;
  licenceKey!: string;
  /** A job the runner holds (claimed and started) for the runner calls that do not end it. */
  heldJob!: number;
  /** A finished run of the team with equil's events and network among its outputs, its vehicle data prepared. */
  visRun!: number;

  private async setUp(): Promise<void> {
    const { owner, member } = this.users;
    this.lab = await this.as<{ id: number; name: string }>('owner', 'POST', '/accounts/groups', { name: `${MARKER}-lab` });
    await this.as('owner', 'POST', `/accounts/groups/${this.lab.id}/users`, { username: member.username });

    const inputs = await scenarioWithInputs(this.t.app, owner, `${MARKER}-equil`);
    const id = inputs.scenarioId;
    await this.as('owner', 'POST', `/datasets/datasets/${id}/team`, { newTeam: this.lab.id });
    const name = `Equil ${MARKER}`;
    await this.as('owner', 'PUT', `/datasets/datasets/${id}/name`, { name });
    await this.grant(id);
    for (const file of Object.values(inputs.files)) {
      file.name = `${MARKER}-${file.name}`;
      await this.as('owner', 'PUT', `/datasets/files/${file.id}/meta`, { name: file.name });
    }
    this.scenario = { ...inputs, id, name };
    const [spareConfig] = await uploadOk(this.t.app, owner, [{ name: `${MARKER}-config-draft.xml`, content: await this.configXml() }]);
    this.spareConfig = spareConfig!.id;
    await attach(this.t.app, owner, id, this.spareConfig);
    this.changeset = await this.freshChangeset();
    this.strangerScenario = (await createScenario(this.t.app, this.users.stranger, { key: 'own', name: 'Own' })).id;

    this.run = await insertRun(this.t, {
      owner,
      groupId: this.lab.id,
      scenarioId: id,
      key: `${MARKER}-run`,
      name: `${MARKER} run`,
      log: { text: `${MARKER} log line\n` },
      series: sampleSeries(),
    });
    await this.grant(this.run.id);

    const templates = await this.as<{ defaultJobTemplate: number }>('admin', 'GET', '/jobs/templates');
    this.defaultTemplate = templates.defaultJobTemplate;
    this.jobTemplate = await this.freshJobTemplate();
    this.licenceKey = await this.freshLicence();
    this.visRun = await this.runWithVehicleData();
    this.heldJob = await this.freshClaimedJob();
    await this.freshApiKey();
    ok(await this.runners.runner.client.started(this.heldJob), 'started');
    // Signing up is off by default; the matrix checks who may call it, so it is on.
    await this.as('admin', 'PUT', '/corridor/features', { accountsSignup: true });
    // Mail goes to a real SMTP server of the test: verification and sign-up mails must reach somewhere.
    await this.as('admin', 'PUT', '/corridor/settings', this.smtp.settings());
  }

  // ---- callers ----------------------------------------------------------------------------------------------

  /**
   * The headers that make a request come from the role: a session cookie, a runner token and id, an API key
   * (made again when a password change deleted it), or nothing.
   */
  async headersOf(role: Role): Promise<Record<string, string>> {
    if (role === 'anonymous') return {};
    if (role === 'runner' || role === 'otherRunner') {
      const { token, client } = this.runners[role];
      return { authorization: `Bearer ${token}`, [RUNNER_ID_HEADER]: client.runnerId! };
    }
    if (isKeyRole(role)) {
      let key = this.apiKeys.get(KEY_USERS[role]);
      if (!key) {
        const user = this.users[KEY_USERS[role]];
        const created = await this.as<{ data: { data: string } }>(KEY_USERS[role], 'POST', `/accounts/users/${user.userId}/apikeys`, { description: `${MARKER} caller` });
        key = created.data.data;
        this.apiKeys.set(KEY_USERS[role], key);
      }
      return { authorization: `Bearer ${key}` };
    }
    return { cookie: this.users[role].cookie };
  }

  /** The user's API keys are gone (a password change deletes them): the key caller gets a new one. */
  keysDeleted(user: UserRole): void {
    this.apiKeys.delete(user);
  }

  /** A new session of the role's user (sign-out ends it); none for callers without one (runners, API keys). */
  async freshCookie(role: Role): Promise<string | undefined> {
    if (!isUserRole(role)) return undefined;
    const { username } = this.users[role];
    return (await signIn(this.t.app, username, role === 'admin' ? ADMIN.password : PASSWORD)).cookie;
  }

  /** The personal group of the role's user; the team for callers without one (they are refused before it matters). */
  groupOf(role: Role): number {
    const user = userOf(role);
    return user ? this.users[user].groupId : this.lab.id;
  }

  /**
   * The scenario a role addresses the owner's changesets and files through: the stranger uses a scenario of their
   * own (so a check of the parent alone would let them in), everyone else the owner's scenario.
   */
  parentFor(role: Role): number {
    return role === 'stranger' ? this.strangerScenario : this.scenario.id;
  }

  /** A runner role's own id (a connect that keeps it); undefined for everyone else. */
  runnerIdOf(role: Role): string | undefined {
    return role === 'runner' || role === 'otherRunner' ? this.runners[role].client.runnerId! : undefined;
  }

  /** A unique name that is not the owner's (no MARKER): for things other callers create. */
  name(prefix: string): string {
    return `${prefix}-${++this.counter}`;
  }

  // ---- fresh resources for destructive calls -------------------------------------------------------------

  /** A scenario of the team, the granted user on its access list. */
  async freshScenario(): Promise<number> {
    const { id } = await createScenario(this.t.app, this.users.owner, { key: `${MARKER}-s${++this.counter}`, name: `${MARKER} scenario`, groupId: this.lab.id });
    await this.grant(id);
    return id;
  }

  /** A finished run of the team (or one whose job is still queued), the granted user on its access list. */
  async freshRun(queued = false): Promise<InsertedRun> {
    const run = await insertRun(this.t, {
      owner: this.users.owner,
      groupId: this.lab.id,
      scenarioId: this.scenario.id,
      key: `${MARKER}-run-${++this.counter}`,
      // A queued job asks for 4 GB: the matrix's runners, offering 1 GB, never claim it.
      job: queued ? { status: 'CREATED' } : undefined,
    });
    await this.grant(run.id);
    return run;
  }

  /** A run of the scenario scheduled by the owner in the team (queued: its 4 GB fit no matrix runner), the granted user on its access list. */
  async freshScheduledRun(): Promise<number> {
    const { datasetId } = await scheduleOk(this.t.app, this.users.owner, this.scenario, { group: this.lab.id, name: `${MARKER} run ${++this.counter}`, matsimRunId: `${MARKER}_${this.counter}` });
    await this.grant(datasetId);
    return datasetId;
  }

  /** A run to import (POST /datasets/datasets with type 'run') of the team, without files, the granted user on its access list. */
  async freshImportedRun(): Promise<number> {
    const body = { groupId: this.lab.id, name: `${MARKER} imported run`, type: 'run', attributes: { __imported: true } };
    const { id } = await this.as<{ id: number }>('owner', 'POST', '/datasets/datasets', body);
    await this.grant(id);
    return id;
  }

  /** An external run of the team (STARTED, as the watch client creates it), the granted user on its access list. */
  async freshExternalRun(): Promise<number> {
    const { id } = await this.as<{ id: number }>('owner', 'POST', '/datasets/runs/external', { groupId: this.lab.id, name: `${MARKER} external run` });
    await this.grant(id);
    return id;
  }

  /** A file no dataset uses, added by the role's user (by the owner for callers without one). */
  private orphans = 0;

  async orphanOf(role: Role): Promise<number> {
    const session = this.users[userOf(role) ?? 'owner'];
    // A new name each time: a scenario takes one file of a name (issue 24).
    const n = ++this.orphans;
    const name = session === this.users.owner ? `${MARKER}-orphan-${n}.txt` : `notes-${n}.txt`;
    const [file] = await uploadOk(this.t.app, session, [{ name, content: 'n' }]);
    return file!.id;
  }

  /** A file of the owner the scenario uses (and nothing else). */
  async attachedOrphan(): Promise<number> {
    const id = await this.orphanOf('owner');
    await attach(this.t.app, this.users.owner, this.scenario.id, id);
    return id;
  }

  /** A CSV file of the owner that the scenario uses, and (with `table`) imported as that table. */
  async freshCsv(table?: string): Promise<number> {
    const [file] = await uploadOk(this.t.app, this.users.owner, [{ name: `${MARKER}-trips-${++this.counter}.csv`, content: 'mode;distance\ncar;1200\nbike;300\n' }]);
    await attach(this.t.app, this.users.owner, this.scenario.id, file!.id);
    if (table) await this.as('owner', 'POST', `/datasets/datasets/${this.scenario.id}/import-as-table/${file!.id}`, { name: table });
    return file!.id;
  }

  async freshChangeset(): Promise<number> {
    return (await this.as<{ id: number }>('owner', 'POST', `/datasets/datasets/${this.scenario.id}/changesets`, { name: `${MARKER} changeset` })).id;
  }

  /** A team of the owner with the member in it (and the spare user too when `withSpare`). */
  async freshTeam(withSpare = false): Promise<number> {
    const { id } = await this.as<{ id: number }>('owner', 'POST', '/accounts/groups', { name: `${MARKER}-team-${++this.counter}` });
    await this.as('owner', 'POST', `/accounts/groups/${id}/users`, { username: this.users.member.username });
    if (withSpare) await this.as('owner', 'POST', `/accounts/groups/${id}/users`, { username: this.spare.username });
    return id;
  }

  /** A new user of no team (signed in once); answers the user id. */
  /** The public id of a new device (session) of the owner. */
  async freshDevice(): Promise<string> {
    const cookie = await this.freshCookie('owner');
    return cookie!.slice(cookie!.indexOf('=') + 1).split('.')[0]!;
  }

  /** The public id of a new API key of the owner (its description carries MARKER). */
  async freshApiKey(): Promise<string> {
    const created = await this.as<{ data: { apikey: string } }>('owner', 'POST', `/accounts/users/${this.users.owner.userId}/apikeys`, { description: `${MARKER} key` });
    return created.data.apikey;
  }

  async freshUser(): Promise<number> {
    return (await addUser(this.t.app, this.users.admin.cookie, this.name('user'))).userId;
  }

  /** A MATSim release where the setup wizard stores it (for prespecified files); answers its key. */
  async placedRelease(): Promise<string> {
    await mkdir(path.join(this.t.config.dataDir, 'engines'), { recursive: true });
    await writeFile(path.join(this.t.config.dataDir, 'engines', 'matsim-2025.0.zip'), zipBytes([{ name: 'matsim-2025.0.jar', content: 'jar' }]));
    return 'matsim-2025.0';
  }

  async freshJobTemplate(): Promise<number> {
    return (await this.as<{ id: number }>('admin', 'POST', '/jobs/templates', { name: this.name('template'), command: JOB_COMMAND })).id;
  }

  async freshRunnerToken(): Promise<number> {
    const { id, token } = await createRunnerToken(this.t.app, this.users.admin.cookie);
    this.adminSecrets.push(token);
    return id;
  }

  /** A sampled meter (as the metrics sampler stores one), for its values. */
  async freshMeter(): Promise<number> {
    const name = this.name('meter');
    const [row] = await this.t.database.db.insert(metricMeters).values({ name, tags: [], identity: `${name}{}` }).returning();
    return row!.id;
  }

  async freshMetricPreset(): Promise<number> {
    return (await this.as<{ preset: { id: number } }>('admin', 'POST', '/metrics/charts', { name: this.name('preset'), timeRange: 360, settings: { series: [] } })).preset.id;
  }

  async freshLicence(): Promise<string> {
    const { key } = await this.as<{ key: string }>('admin', 'POST', '/corridor/licenses/community', { name: this.name('licence') });
    this.adminSecrets.push(key);
    return key;
  }

  /** An unverified address of the spare user (an administrator added it); answers its id. */
  async freshEmail(): Promise<number> {
    return (await this.as<{ id: number }>('admin', 'POST', `/accounts/users/${this.spare.userId}/emails`, { email: `${this.name('address')}@example.org` })).id;
  }

  /** The token of a mailed verification link for a fresh address of the spare user. */
  async freshVerifyToken(): Promise<string> {
    const id = await this.freshEmail();
    const address = (await this.as<{ id: number; email: string }[]>('admin', 'GET', `/accounts/users/${this.spare.userId}/emails`)).find((e) => e.id === id)!.email;
    await this.as('admin', 'POST', `/accounts/users/${this.spare.userId}/emails/${id}/verify`);
    return tokenOf(linkIn(await this.smtp.nextMail(address), '/-/verify-email/'));
  }

  /** The token of the set-password link a fresh sign-up was mailed. */
  async freshPasswordToken(): Promise<string> {
    const username = this.name('newcomer');
    await this.as('admin', 'POST', '/accounts/signup', { username, email: `${username}@example.org` });
    return tokenOf(linkIn(await this.smtp.nextMail(`${username}@example.org`), '/-/set-password/'));
  }

  /** Removed when the fixtures close (folders the matrix made outside the test's DATA_DIR). */
  private readonly leftovers: (() => Promise<void>)[] = [];

  afterClose(remove: () => Promise<void>): void {
    this.leftovers.push(remove);
  }

  async close(): Promise<void> {
    await this.smtp?.close();
    await this.t.close();
    for (const remove of this.leftovers) await remove();
  }

  /** A run of the scenario scheduled by the owner and claimed by the matrix's runner; answers the job id. */
  async freshClaimedJob(): Promise<number> {
    return (await this.claimedRun()).id;
  }

  private async runWithVehicleData(): Promise<number> {
    const { id, datasetId } = await this.claimedRun();
    const runner = this.runners.runner.client;
    ok(await runner.started(id), 'started');
    await finishWithOutputs(runner, id, 'output-equil-2024', ['output_events.xml.gz', 'output_network.xml.gz']);
    await this.grant(datasetId);
    const options = await vehicleData(this.t.app, this.users.owner, datasetId);
    if (options.vehicleData.status !== 'READY') throw new Error(`the matrix run's vehicle data is ${options.vehicleData.status}: ${options.vehicleData.message}`);
    return datasetId;
  }

  private async claimedRun(): Promise<{ id: number; datasetId: number }> {
    const scheduled = await scheduleOk(this.t.app, this.users.owner, this.scenario, {
      group: this.lab.id,
      name: `${MARKER} runner job`,
      matsimRunId: `${MARKER}_${++this.counter}`,
      jobTemplate: this.defaultTemplate,
      resourceRequirements: RUNNER_OFFER,
    });
    const claimed = await this.runners.runner.client.claimJob(randomUUID(), RUNNER_OFFER);
    if (claimed?.jobId !== scheduled.id) throw new Error(`the runner claimed ${claimed?.jobId ?? 'nothing'}, not job ${scheduled.id}`);
    return scheduled;
  }

  async configXml(): Promise<string> {
    return readFile(path.join(SHARED_DATA, 'equil/config.xml'), 'utf8');
  }

  // ---- helpers ---------------------------------------------------------------------------------------------

  private async grant(datasetId: number): Promise<void> {
    await this.as('owner', 'POST', `/datasets/datasets/${datasetId}/users`, { username: this.users.granted.username });
  }

  private async as<T = unknown>(role: UserRole, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> {
    const response = await this.t.app.inject({ method, url: `${API}${url}`, headers: { cookie: this.users[role].cookie }, payload });
    return ok<T>(response, `${method} ${url}`);
  }
}

/** A caller with a session cookie of its own. */
export function isUserRole(role: Role): role is UserRole {
  return role !== 'anonymous' && role !== 'runner' && role !== 'otherRunner' && !isKeyRole(role);
}

export function isKeyRole(role: Role): role is KeyRole {
  return role in KEY_USERS;
}

/** The user a caller acts as: its own for session callers, the key's user for API-key callers; null for the others. */
export function userOf(role: Role): UserRole | null {
  if (isKeyRole(role)) return KEY_USERS[role];
  return isUserRole(role) ? role : null;
}
