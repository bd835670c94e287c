/**
 * Every route of the OpenAPI document (`METHOD /path` without the /api/v1 prefix): who may call it and how to call it
 * from each role with the owner's fixtures and a valid body. route-matrix.test.ts fails when a documented route
 * is missing here or a route here is no longer documented.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { zipBytes } from '../../../packages/contract/test/zip-bytes.ts';
import { ENGINE_VERSIONS } from '@corridor/contract';
import { createOk, dashboardBody, fullChart, pictureDataUrl } from './dashboard-fixtures.ts';
import { schedulePayload } from './runner-client.ts';
import { isKeyRole, JOB_COMMAND, KEY_USERS, MARKER, userOf, type MatrixFixtures, type Role } from './route-matrix-fixtures.ts';
import { attach, multipart, SHARED_DATA, uploadOk } from './workspace-helpers.ts';
import { enableServerImport, makeServerRoot } from './server-files-fixtures.ts';

/**
 * Who may call a route. Dataset rules (docs/decisions.md, "Dataset access"): read/edit for the team's members,
 * granted users, the owner and administrators; manage without granted users; grant for the owner and
 * administrators. `file`: whoever sees a dataset using the file; `adder`: an unused file, its adder only.
 * `team`/`team-owner`: the team's members/owners. `runner`: any valid runner token; `job-runner`: the runner that
 * holds the job. `self`: the owner's own account (routes under /accounts/users/{the owner's id}) and administrators;
 * `own`: the owner's own account only (creating API keys).
 * `nobody`: no one (setup once an administrator exists).
 * The API-key callers (ownerKey, adminKey) are allowed where their user is, except on routes marked sessionOnly.
 */
export type Access =
  | 'public'
  | 'signed-in'
  | 'admin'
  | 'team'
  | 'team-owner'
  | 'read'
  | 'edit'
  | 'manage'
  | 'grant'
  | 'file'
  | 'adder'
  | 'runner'
  | 'job-runner'
  | 'self'
  | 'own'
  | 'nobody';

const USERS = ['stranger', 'member', 'granted', 'owner', 'admin'] as const;
const DATASET = ['member', 'granted', 'owner', 'admin'] as const;

export const ALLOWED: Record<Access, readonly Role[]> = {
  public: ['anonymous', ...USERS, 'runner', 'otherRunner'],
  'signed-in': USERS,
  admin: ['admin'],
  team: ['member', 'owner', 'admin'],
  'team-owner': ['owner', 'admin'],
  read: DATASET,
  edit: DATASET,
  manage: ['member', 'owner', 'admin'],
  grant: ['owner', 'admin'],
  file: DATASET,
  adder: ['owner', 'admin'],
  runner: ['runner', 'otherRunner'],
  'job-runner': ['runner'],
  self: ['owner', 'admin'],
  own: ['owner'],
  nobody: [],
};

/** A call as a role makes it; the route's method and path come from the table key. */
export interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  json?: unknown;
  raw?: { payload: string | Buffer; headers: Record<string, string> };
  /** Replaces the role's session cookie (sign-out gets a fresh session). */
  cookie?: string;
}

export interface RouteRule {
  who: Access;
  call(role: Role, fx: MatrixFixtures): Call | Promise<Call>;
  /** What refused callers get, when not 401/403/404 (documented protocol answers). */
  refusedWith?: number[];
  /**
   * Only from a session: an API key is refused even where its user would be allowed (issue 23 — devices, password,
   * creating keys, adding/verifying/deleting e-mail addresses, the SMTP test).
   */
  sessionOnly?: boolean;
}

/** Whether the rule lets the role in: an API-key caller as its user, unless the route is for sessions only. */
export function allows(rule: RouteRule, role: Role): boolean {
  if (isKeyRole(role)) return !rule.sessionOnly && ALLOWED[rule.who].includes(KEY_USERS[role]);
  return ALLOWED[rule.who].includes(role);
}

const rule = (who: Access, call: RouteRule['call'] = () => ({}), more: Partial<RouteRule> = {}): RouteRule => ({ who, call, ...more });
const SESSION_ONLY = { sessionOnly: true };
const text = (payload: string, type = 'text/plain') => ({ payload, headers: { 'content-type': type } });
const file = (name: string, content: string) => multipart([{ name, content }]);

const scenario = (who: Access, json?: (fx: MatrixFixtures) => unknown) => rule(who, (_r, fx) => ({ params: { id: fx.scenario.id }, json: json?.(fx) }));
const run = (who: Access) => rule(who, (_r, fx) => ({ params: { id: fx.run.id } }));
const network = (who: Access, more: Call = {}) => rule(who, (_r, fx) => ({ params: { id: fx.scenario.files.network.id }, ...more }));
/** Another runner calling about a job it does not hold gets 409 JOB_NOT_YOURS (runner-protocol contract). */
const JOB_NOT_YOURS = [401, 403, 404, 409];
const heldJob = (raw?: Call['raw'], json?: unknown) => rule('job-runner', (_r, fx) => ({ params: { id: fx.heldJob }, raw, json }), { refusedWith: JOB_NOT_YOURS });
/** A report to a new external run of the team (each call may end it). */
const externalRun = (raw?: Call['raw'], json?: unknown) => rule('edit', async (_r, fx) => ({ params: { id: await fx.freshExternalRun() }, raw, json }));

/** pt-tutorial's transit schedule, uploaded by the owner and used by the scenario (once per fixture set). */
const schedules = new WeakMap<MatrixFixtures, Promise<number>>();
function transitSchedule(fx: MatrixFixtures): Promise<number> {
  let id = schedules.get(fx);
  if (!id) {
    id = (async () => {
      const content = await readFile(path.join(SHARED_DATA, 'pt-tutorial/transitschedule.xml'));
      const [file] = await uploadOk(fx.t.app, fx.users.owner, [{ name: `${MARKER}-transitschedule.xml`, content }]);
      await attach(fx.t.app, fx.users.owner, fx.scenario.id, file!.id);
      return file!.id;
    })();
    schedules.set(fx, id);
  }
  return id;
}

/** drt-mielec's 10-vehicle fleet, uploaded by the owner and used by the scenario (once per fixture set). */
const fleets = new WeakMap<MatrixFixtures, Promise<number>>();
function drtFleet(fx: MatrixFixtures): Promise<number> {
  let id = fleets.get(fx);
  if (!id) {
    id = (async () => {
      const content = await readFile(path.join(SHARED_DATA, 'drt-mielec/vehicles-10-cap-4.xml'));
      const [file] = await uploadOk(fx.t.app, fx.users.owner, [{ name: `${MARKER}-vehicles.xml`, content }]);
      await attach(fx.t.app, fx.users.owner, fx.scenario.id, file!.id);
      return file!.id;
    })();
    fleets.set(fx, id);
  }
  return id;
}
/** Around Atlantis (30° W 10° N), where the scenario's equil network lies. */
const AROUND_ATLANTIS = { type: 'Polygon', coordinates: [[[-31, 9], [-29, 9], [-29, 11], [-31, 11], [-31, 9]]] };

/** A new dashboard or chart of the owner in the team (over the team's run), for calls that change or end it. */
const labDashboard = (fx: MatrixFixtures) => createOk(fx.t.app, fx.users.owner.cookie, 'dashboards', dashboardBody(fx.lab.id, fx.run.id, `${MARKER} dashboard`));
const labChart = (fx: MatrixFixtures) =>
  createOk(fx.t.app, fx.users.owner.cookie, 'charts', { chart: fullChart(fx.lab.id, fx.run.id, `${MARKER} chart`), previewImg: pictureDataUrl(500, 350, 'jpeg') });
const dashboard = (who: Access, json?: (fx: MatrixFixtures) => unknown) => rule(who, async (_r, fx) => ({ params: { id: await labDashboard(fx) }, json: json?.(fx) }));
const chart = (who: Access, json?: (fx: MatrixFixtures) => unknown) => rule(who, async (_r, fx) => ({ params: { id: await labChart(fx) }, json: json?.(fx) }));

/** Server import enabled once per fixtures, its root in a temp folder (never inside DATA_DIR: refused), removed at the end. */
const serverImports = new WeakMap<MatrixFixtures, Promise<void>>();
function serverImport(fx: MatrixFixtures): Promise<void> {
  const enabled =
    serverImports.get(fx) ??
    makeServerRoot().then((dirs) => {
      fx.afterClose(dirs.remove);
      return enableServerImport(fx.t.app, fx.users.admin.cookie, dirs.root);
    });
  serverImports.set(fx, enabled);
  return enabled;
}

/** A release zip the upload check accepts (matsim-{version}.jar and libs/), a new version per call. */
let releaseCounter = 0;
const nextReleaseVersion = () => `90.${++releaseCounter}-matrix${randomUUID().slice(0, 8)}`;
const releaseZip = (version: string) =>
  zipBytes([
    { name: `matsim-${version}/matsim-${version}.jar`, content: 'jar' },
    { name: `matsim-${version}/libs/guice.jar`, content: 'lib' },
  ]);
async function placeRelease(fx: MatrixFixtures): Promise<string> {
  const version = nextReleaseVersion();
  await mkdir(path.join(fx.t.config.dataDir, 'engines'), { recursive: true });
  await writeFile(path.join(fx.t.config.dataDir, 'engines', `matsim-${version}.zip`), releaseZip(version));
  return version;
}

const SCORESTATS = 'iteration;avg_executed;avg_worst;avg_average;avg_best\n0;64.75;64.75;64.75;64.75\n';
const RUNNER_RESOURCES = { cpuCores: 0, ramInGb: 0 };

export const ROUTES: Record<string, RouteRule> = {
  'GET /health': rule('public'),

  // accounts
  'GET /accounts/validate': rule('signed-in'),
  'POST /accounts/setup': rule('nobody', () => ({ json: { username: 'second-admin', password: 'secret-password' } }), { refusedWith: [409] }),
  'POST /accounts/login': rule('public', (_r, fx) => ({ json: { username: fx.spare.username, password: 'password-1' } })),
  'GET /accounts/logout': rule('public', async (role, fx) => ({ cookie: await fx.freshCookie(role) })),
  'POST /accounts/signup': rule('public', (_r, fx) => ({ json: { username: fx.name('signup'), email: 'someone@example.org' } })),
  'POST /accounts/users': rule('admin', (_r, fx) => ({ json: { username: fx.name('user'), password: 'password-1' } })),
  'GET /accounts/groups/find': rule('team', (_r, fx) => ({ query: { name: fx.lab.name } })),

  // administration of accounts
  'GET /accounts/users': rule('admin', () => ({ query: { search: 'e', offset: 0, limit: 50 } })),
  'POST /accounts/users/batch': rule('admin', (_r, fx) => ({ json: { users: [fx.spare.userId], action: 'setUserState', payload: { state: 'active' } } })),
  'POST /accounts/users/{userId}/username': rule('admin', async (_r, fx) => ({ params: { userId: await fx.freshUser() }, json: { newUsername: fx.name('renamed') } })),
  'GET /accounts/users/{userId}/groups': rule('self', (_r, fx) => ({ params: { userId: fx.users.owner.userId } })),

  // profile: devices, password, API keys of the owner's account
  'GET /accounts/users/{userId}/logintokens': rule('self', (_r, fx) => ({ params: { userId: fx.users.owner.userId } }), SESSION_ONLY),
  'DELETE /accounts/users/{userId}/logintokens/{token}': rule(
    'self',
    async (_r, fx) => ({ params: { userId: fx.users.owner.userId, token: await fx.freshDevice() } }),
    SESSION_ONLY,
  ),
  // The owner sets the same password again (their matrix session stays, their API keys go); an administrator
  // overwrites a fresh user's.
  'POST /accounts/users/{userId}/password': rule(
    'self',
    async (role, fx) => {
      if (userOf(role) === 'admin') return { params: { userId: await fx.freshUser() }, json: { newPW: 'password-2' } };
      if (role === 'owner') fx.keysDeleted('owner');
      return { params: { userId: fx.users.owner.userId }, json: { oldPW: 'password-1', newPW: 'password-1' } };
    },
    SESSION_ONLY,
  ),
  'PUT /accounts/users/{userId}/appearance': rule('own', (_r, fx) => ({ params: { userId: fx.users.owner.userId }, json: { language: 'de' } })),
  'GET /accounts/users/{userId}/apikeys': rule('self', (_r, fx) => ({ params: { userId: fx.users.owner.userId } })),
  'POST /accounts/users/{userId}/apikeys': rule('own', (_r, fx) => ({ params: { userId: fx.users.owner.userId }, json: { description: fx.name('key') } }), SESSION_ONLY),
  'DELETE /accounts/users/{userId}/apikeys/{apikey}': rule('self', async (_r, fx) => ({ params: { userId: fx.users.owner.userId, apikey: await fx.freshApiKey() } })),

  // features, licences, engine download
  'GET /corridor/features/enabled': rule('public'),
  'GET /corridor/features': rule('admin'),
  'PUT /corridor/features': rule('admin', () => ({ json: { accountsSignup: true } })),
  'GET /corridor/settings': rule('admin'),
  'PUT /corridor/settings': rule('admin', () => ({ json: { accountsAutoAuthDomains: '' } })),
  // The SMTP test and the mail settings need an administrator's session; the matrix's settings change is another one.
  'POST /corridor/testsmtp': rule('admin', (_r, fx) => ({ json: { email: 'admin@example.org', settings: fx.smtp.settings() } }), SESSION_ONLY),
  // a user's e-mail addresses: the user and administrators (the spare user is none of the roles), one-time links
  'GET /accounts/users/{userId}/emails': rule('admin', (_r, fx) => ({ params: { userId: fx.spare.userId } })),
  'POST /accounts/users/{userId}/emails': rule('admin', (_r, fx) => ({ params: { userId: fx.spare.userId }, json: { email: `${fx.name('address')}@example.org` } }), SESSION_ONLY),
  'DELETE /accounts/users/{userId}/emails/{id}': rule('admin', async (_r, fx) => ({ params: { userId: fx.spare.userId, id: await fx.freshEmail() } }), SESSION_ONLY),
  'POST /accounts/users/{userId}/emails/{id}/verify': rule('admin', async (_r, fx) => ({ params: { userId: fx.spare.userId, id: await fx.freshEmail() } }), SESSION_ONLY),
  'POST /accounts/verify-email': rule('public', async (_r, fx) => ({ json: { token: await fx.freshVerifyToken() } })),
  'POST /accounts/forgot-password': rule('public', (_r, fx) => ({ json: { email: `${fx.name('forgot')}@example.org` } })),
  'POST /accounts/set-password': rule('public', async (_r, fx) => ({ json: { token: await fx.freshPasswordToken(), password: 'password-2' } })),
  'POST /corridor/licenses/check/key': rule('admin', (_r, fx) => ({ raw: text(fx.licenceKey) })),
  'POST /corridor/licenses/check': rule('admin', (_r, fx) => ({ raw: file('licence.txt', fx.licenceKey) })),
  'POST /corridor/licenses/key': rule('admin', (_r, fx) => ({ raw: text(fx.licenceKey) })),
  'POST /corridor/licenses': rule('admin', (_r, fx) => ({ raw: file('licence.txt', fx.licenceKey) })),
  'POST /corridor/licenses/community': rule('admin', (_r, fx) => ({ json: { name: fx.name('licence') } })),
  'GET /corridor/licenses': rule('admin'),
  'DELETE /corridor/licenses': rule('admin', async (_r, fx) => ({ query: { key: await fx.freshLicence() } })),
  'POST /corridor/licenses/refresh': rule('admin', (_r, fx) => ({ query: { key: fx.licenceKey } })),
  'POST /jobs/setup': rule('admin', () => ({ query: { matsim: ENGINE_VERSIONS[0] } })),
  'GET /jobs/setup': rule('admin'),
  // MATSim releases (issue 24): administrators and their API keys; each allowed upload/delete has its own version.
  'GET /corridor/matsim-releases': rule('admin'),
  'POST /corridor/matsim-releases/download': rule('admin', () => ({ query: { version: '11.0' } })),
  'POST /corridor/matsim-releases': rule('admin', () => ({ raw: multipart([{ name: 'release.zip', content: releaseZip(nextReleaseVersion()) }]) })),
  'DELETE /corridor/matsim-releases/{version}': rule('admin', async (_r, fx) => ({ params: { version: await placeRelease(fx) } })),

  // teams
  'POST /accounts/groups': rule('signed-in', (_r, fx) => ({ json: { name: fx.name('team') } })),
  'GET /accounts/groups': rule('signed-in'),
  'GET /accounts/groups/{id}': rule('team', (_r, fx) => ({ params: { id: fx.lab.id } })),
  'POST /accounts/groups/{id}/name': rule('team-owner', async (_r, fx) => ({ params: { id: await fx.freshTeam() }, json: { newGroupname: fx.name('renamed-team') } })),
  'POST /accounts/groups/{id}/users': rule('team-owner', async (_r, fx) => ({ params: { id: await fx.freshTeam() }, json: { username: fx.spare.username } })),
  'DELETE /accounts/groups/{id}/users/{userId}': rule('team-owner', async (_r, fx) => ({ params: { id: await fx.freshTeam(true), userId: fx.spare.userId } })),
  'POST /accounts/groups/{id}/users/{userId}/role': rule('team-owner', async (_r, fx) => ({
    params: { id: await fx.freshTeam(), userId: fx.users.member.userId },
    json: { role: 'owner' },
  })),

  // scenarios
  'POST /datasets/datasets': rule('team', (_r, fx) => ({ json: { groupId: fx.lab.id, key: fx.name('new'), name: 'New', type: 'scenario' } })),
  'GET /datasets/scenarios': rule('signed-in', (_r, fx) => ({ query: { groupId: fx.lab.id } })),
  'GET /datasets/datasets/{id}': scenario('read'),
  'PUT /datasets/datasets/{id}': scenario('edit', (fx) => ({ name: fx.scenario.name, key: fx.scenario.key, description: '' })),
  'DELETE /datasets/datasets/{id}': rule('manage', async (_r, fx) => ({ params: { id: await fx.freshScenario() } })),
  'PUT /datasets/datasets/{id}/name': scenario('edit', (fx) => ({ name: fx.scenario.name })),
  'PUT /datasets/datasets/{id}/description': scenario('edit', () => ({ description: '' })),
  'POST /datasets/datasets/{id}/team': rule('manage', async (role, fx) => ({ params: { id: await fx.freshScenario() }, json: { newTeam: fx.groupOf(role) } })),
  'GET /datasets/datasets/{id}/users': scenario('read'),
  'POST /datasets/datasets/{id}/users': rule('grant', async (_r, fx) => ({ params: { id: await fx.freshScenario() }, json: { username: fx.spare.username } })),
  'DELETE /datasets/datasets/{id}/users/{userId}': rule('grant', async (_r, fx) => ({ params: { id: await fx.freshScenario(), userId: fx.users.granted.userId } })),
  'GET /datasets/datasets/{id}/relations': scenario('read'),
  'GET /datasets/scenarios/{id}/preview.png': scenario('read'),
  'GET /datasets/scenario-templates.json': rule('signed-in'),
  'GET /datasets/crs': rule('signed-in', () => ({ query: { q: 'utm' } })),

  // files
  'POST /datasets/files': rule('signed-in', () => ({ raw: file('upload.txt', 'u') })),
  'GET /datasets/datasets/{id}/files': scenario('read'),
  // The stranger tries to take the owner's file into a scenario of their own; the others add a file of theirs.
  'POST /datasets/datasets/{id}/files/{fileId}': rule('edit', async (role, fx) => ({
    params: { id: fx.parentFor(role), fileId: role === 'stranger' ? fx.scenario.files.network.id : await fx.orphanOf(role) },
  })),
  // run import: the event that starts it (once per run), the Java client libraries this server does not build
  'POST /datasets/datasets/{id}/events': rule('edit', async (_r, fx) => ({ params: { id: await fx.freshImportedRun() }, json: { type: 'runImported', data: {} } })),
  'GET /datasets/integrations/{file}': rule('nobody', () => ({ params: { file: 'matsim-2025.0.jar' } })),
  'DELETE /datasets/datasets/{id}/files/{fileId}': rule('edit', async (_r, fx) => ({ params: { id: fx.scenario.id, fileId: await fx.attachedOrphan() } })),
  'PUT /datasets/files/{id}/meta': rule('file', (_r, fx) => ({ params: { id: fx.scenario.files.network.id }, json: { name: fx.scenario.files.network.name } })),
  'PUT /datasets/files/init': rule('signed-in', () => ({ query: { fileName: 'empty.xml' } })),
  'GET /datasets/files': rule('admin', () => ({ query: { type: 'jobfile' } })),
  'DELETE /datasets/files/{id}': rule('adder', async (_r, fx) => ({ params: { id: await fx.orphanOf('owner') } })),
  'GET /datasets/files/{id}': network('file', { query: { dl: 1 } }),
  'GET /datasets/files/{id}/head': network('file'),
  'PUT /datasets/files/{id}': rule('file', async (_r, fx) => ({ params: { id: fx.spareConfig }, raw: { payload: await fx.configXml(), headers: { 'content-type': 'text/xml', 'if-match': '*' } } })),
  'GET /datasets/files/{id}/as/{format}': rule('file', (_r, fx) => ({ params: { id: fx.scenario.files.network.id, format: 'geojson' } })),
  'GET /datasets/files/{id}/d': network('file'),
  'GET /datasets/files/{id}/d/{filename}': rule('file', (_r, fx) => ({ params: { id: fx.scenario.files.network.id, filename: 'network-capacity.png' } })),
  'POST /datasets/network/{id}/query': rule('file', (_r, fx) => ({ params: { id: fx.scenario.files.network.id }, json: { type: 'Data', filters: {} } })),
  'GET /datasets/files/{id}/d/network-info/info.json': network('file'),
  'GET /editor/map-style': rule('signed-in'),
  'GET /datasets/network/{id}/attributes/{name}/values': rule('file', (_r, fx) => ({ params: { id: fx.scenario.files.network.id, name: 'modes' } })),
  'GET /datasets/files/{id}/summary': rule('file', (_r, fx) => ({ params: { id: fx.scenario.files.population.id } })),
  'POST /datasets/files/{id}/link-use': rule('file', (_r, fx) => ({ params: { id: fx.scenario.files.population.id }, json: { links: [{ id: '1' }] } })),
  'GET /datasets/files/{id}/transit': rule('file', async (_r, fx) => ({ params: { id: await transitSchedule(fx) } })),
  'GET /datasets/files/{id}/drt': rule('file', async (_r, fx) => ({ params: { id: await drtFleet(fx) } })),
  'POST /datasets/editor/dvrp_vehicles/generate': rule('file', (_r, fx) => ({
    json: { networkFileId: fx.scenario.files.network.id, area: AROUND_ATLANTIS, vehicleCount: 2, seats: 4, mode: 'car', startTime: 0, endTime: 86400 },
  })),
  'POST /datasets/editor/dvrp_stops/generate': rule('file', (_r, fx) => ({ json: { networkFileId: fx.scenario.files.network.id, area: AROUND_ATLANTIS, count: 2, mode: 'car' } })),

  // changesets
  'GET /datasets/datasets/{id}/changesets': scenario('read'),
  'POST /datasets/datasets/{id}/changesets': scenario('edit', () => ({ name: `${MARKER} changeset` })),
  'PUT /datasets/datasets/{id}/changesets/{changesetId}': rule('edit', (role, fx) => ({
    params: { id: fx.parentFor(role), changesetId: fx.changeset },
    json: { name: `${MARKER} changeset` },
  })),
  'DELETE /datasets/datasets/{id}/changesets/{changesetId}': rule('edit', async (role, fx) => ({
    params: { id: fx.parentFor(role), changesetId: await fx.freshChangeset() },
  })),

  // scenario export (nothing is stored: every allowed role can call it again)
  'POST /datasets/datasets/{id}/export': scenario('read', (fx) => ({
    files: { config: fx.scenario.files.config.id, network: fx.scenario.files.network.id, population: fx.scenario.files.population.id },
  })),

  // job templates
  'GET /jobs/templates': rule('signed-in'),
  'POST /jobs/templates': rule('admin', (_r, fx) => ({ json: { name: fx.name('template'), command: JOB_COMMAND } })),
  'PUT /jobs/templates/{id}': rule('admin', (_r, fx) => ({ params: { id: fx.jobTemplate }, json: { name: 'Matrix template', command: JOB_COMMAND } })),
  'DELETE /jobs/templates/{id}': rule('admin', async (_r, fx) => ({ params: { id: await fx.freshJobTemplate() } })),
  'POST /jobs/templates/{id}/default': rule('admin', (_r, fx) => ({ params: { id: fx.jobTemplate }, json: { default: true } })),
  'GET /datasets/prespecified': rule('admin'),
  'POST /datasets/prespecified/{key}/download': rule('admin', async (_r, fx) => ({ params: { key: await fx.placedRelease() } })),

  // visualizer (the run with vehicle data: equil's outputs through the runner protocol)
  'GET /datasets/analysis/{id}/options': rule('read', (_r, fx) => ({ params: { id: fx.visRun } })),
  'POST /datasets/analysis/{id}/trajectories': rule('read', (_r, fx) => ({ params: { id: fx.visRun }, json: { timeFilter: { from: 0, to: 86_400 }, attribute: 'mode' } })),
  'GET /datasets/analysis/{id}/{name}/options': rule('read', (_r, fx) => ({ params: { id: fx.visRun, name: 'link-volume' } })),
  'POST /datasets/analysis/{id}/{name}': rule('read', (_r, fx) => ({ params: { id: fx.visRun, name: 'flow-bundle' }, json: { ids: ['1', '6'] } })),
  'GET /datasets/network/{id}/binary': network('file'),
  'GET /datasets/network/{id}/binary/lookup': network('file'),
  'GET /datasets/files/{id}/binary-network-attributes/{name}': rule('file', (_r, fx) => ({ params: { id: fx.scenario.files.network.id, name: 'capacity' } })),
  // runs
  'GET /datasets/runs': rule('team', (_r, fx) => ({ query: { groupId: fx.lab.id } })),
  'GET /datasets/run/{id}': run('read'),
  'GET /datasets/run/{id}/config': run('read'),
  'PUT /datasets/runs/{id}/labels': rule('edit', (_r, fx) => ({ params: { id: fx.run.id }, json: { labels: ['baseline'] } })),
  // server import: any signed-in user while enabled
  'GET /datasets/serverfiles': rule('signed-in', async (_r, fx) => {
    await serverImport(fx);
    return { query: { path: 'equil' } };
  }),
  'POST /datasets/serverfiles': rule('signed-in', async (_r, fx) => {
    await serverImport(fx);
    return { json: { paths: ['equil/scorestats.csv'] } };
  }),
  'GET /datasets/runs/{id}/deletion': run('read'),
  'DELETE /datasets/runs/{id}': rule('manage', async (_r, fx) => ({ params: { id: (await fx.freshRun()).id } })),
  'GET /datasets/datasets/{id}/sysfiles': run('read'),
  'GET /datasets/sysfiles/{id}': rule('read', (_r, fx) => ({ params: { id: fx.run.systemFileId! } })),
  'GET /datasets/tables': rule('signed-in'),
  'GET /datasets/groups/{groupId}/tables': rule('team', (_r, fx) => ({ params: { groupId: fx.lab.id } })),
  'GET /datasets/groups/{groupId}/browse': rule('team', (_r, fx) => ({ params: { groupId: fx.lab.id } })),
  'POST /datasets/datasets/{id}/import-as-table/{fileId}': rule('edit', async (_r, fx) => ({
    params: { id: fx.scenario.id, fileId: await fx.freshCsv() },
    json: { name: fx.name('table') },
  })),
  'DELETE /datasets/datasets/{id}/tables/{table}': rule('edit', async (_r, fx) => {
    const table = fx.name('table');
    await fx.freshCsv(table);
    return { params: { id: fx.scenario.id, table } };
  }),
  'POST /datasets/datasets/{id}/tables/{table}/query': rule('read', (_r, fx) => ({
    params: { id: fx.run.id, table: 'memory' },
    json: { query: { select: [{ column: 'time' }, { column: 'key' }, { column: 'value' }] }, shape: 'RAW' },
  })),

  // dashboards and charts (a group's: its members and administrators)
  'GET /datasets/groups/{groupId}/dashboards': rule('team', (_r, fx) => ({ params: { groupId: fx.lab.id } })),
  'GET /datasets/dashboards/{id}': dashboard('team'),
  'POST /datasets/dashboards': rule('team', (_r, fx) => ({ json: dashboardBody(fx.lab.id, fx.run.id, 'New dashboard') })),
  'PUT /datasets/dashboards/{id}': dashboard('team', (fx) => dashboardBody(fx.lab.id, fx.run.id, 'Saved dashboard')),
  'DELETE /datasets/dashboards/{id}': dashboard('team'),
  'PUT /datasets/dashboards/{id}/lock': dashboard('team'),
  'DELETE /datasets/dashboards/{id}/lock': dashboard('team'),
  'GET /datasets/groups/{groupId}/charts': rule('team', (_r, fx) => ({ params: { groupId: fx.lab.id } })),
  'POST /datasets/charts': rule('team', (_r, fx) => ({ json: { chart: fullChart(fx.lab.id, fx.run.id, 'New chart') } })),
  'GET /datasets/charts/{id}': chart('team'),
  'PUT /datasets/charts/{id}': chart('team', (fx) => ({ chart: fullChart(fx.lab.id, fx.run.id, 'Saved chart') })),
  'DELETE /datasets/charts/{id}': chart('team'),
  'GET /datasets/charts/{id}/preview.jpg': chart('team'),
  'GET /datasets/charts/{id}/thumbnail.jpg': chart('team'),

  // jobs and runners
  'POST /jobs/jobs': rule('read', (role, fx) => ({ json: schedulePayload(fx.users.owner, fx.scenario, { group: fx.groupOf(role), matsimRunId: 'matrix_run' }) })),
  'GET /jobs/jobs/list': rule('signed-in'),
  'GET /jobs/jobs/{id}': rule('read', (_r, fx) => ({ params: { id: fx.run.jobId! } })),
  'POST /datasets/runs/{id}/again': rule('manage', async (_r, fx) => ({ params: { id: await fx.freshScheduledRun() } })),
  'POST /jobs/jobs/{id}/do': rule('edit', async (_r, fx) => ({ params: { id: (await fx.freshRun(true)).jobId! }, query: { action: 'cancel' } })),
  'POST /datasets/datasets/{id}/do': rule('edit', async (_r, fx) => ({ params: { id: (await fx.freshRun(true)).id }, query: { action: 'cancel' } })),
  'GET /jobs/runners/list': rule('admin'),
  'GET /jobs/runners/online': rule('signed-in'),
  'GET /jobs/files/{file}': rule('public', () => ({ params: { file: 'corridor-runner.tgz' } })),
  'PUT /jobs/runners/{id}': rule('admin', async (_r, fx) => ({ params: { id: await fx.freshRunnerToken() }, json: { description: 'edited', ipv4range: '10.0.0.0/8', ipv6range: '' } })),
  'POST /jobs/runners': rule('admin', () => ({ json: { description: 'matrix', ipv4range: '127.0.0.1/32', ipv6range: '::1/128' } })),
  'DELETE /jobs/runners/{id}': rule('admin', async (_r, fx) => ({ params: { id: await fx.freshRunnerToken() } })),

  // system information and metrics
  'GET /sysinfo/sysinfo': rule('admin'),
  'GET /sysinfo/config': rule('signed-in'),
  'GET /metrics/meters': rule('admin'),
  'GET /metrics/meters/{id}/values': rule('admin', async (_r, fx) => ({ params: { id: await fx.freshMeter() } })),
  'GET /metrics/charts': rule('admin'),
  'POST /metrics/charts': rule('admin', (_r, fx) => ({ json: { name: fx.name('preset'), timeRange: 60, settings: { series: [] } } })),
  'DELETE /metrics/charts/{id}': rule('admin', async (_r, fx) => ({ params: { id: await fx.freshMetricPreset() } })),

  // the runner protocol
  'POST /jobs/runner/connect': rule('runner', (role, fx) => ({
    // Naming the held job, as a runner that connects again names its jobs (the server ends those it does not name).
    json: { runnerId: fx.runnerIdOf(role), name: 'matrix', capabilities: ['engine'], totalResources: RUNNER_RESOURCES, availableResources: RUNNER_RESOURCES, jobs: [fx.heldJob] },
  })),
  'POST /jobs/runner/heartbeat': rule('runner', () => ({ json: { availableResources: RUNNER_RESOURCES, jobs: [] } })),
  // Offering nothing: no job fits, so the claim takes none of the fixtures' jobs.
  'POST /jobs/runner/claim': rule('runner', () => ({ json: { claimId: randomUUID(), availableResources: RUNNER_RESOURCES } })),
  'GET /jobs/runner/jobs/{id}/files/{fileId}': rule('job-runner', (_r, fx) => ({ params: { id: fx.heldJob, fileId: fx.scenario.files.config.id } }), {
    refusedWith: JOB_NOT_YOURS,
  }),
  'POST /jobs/runner/jobs/{id}/started': heldJob(),
  'POST /jobs/runner/jobs/{id}/progress': heldJob(undefined, { iteration: 1, memory: [{ time: 1000, key: 'used', value: 1e9 }] }),
  'POST /jobs/runner/jobs/{id}/log': heldJob(text('a log line\n')),
  'PUT /jobs/runner/jobs/{id}/stats/{name}': rule('job-runner', (_r, fx) => ({ params: { id: fx.heldJob, name: 'scorestats' }, raw: text(SCORESTATS, 'text/csv') }), {
    refusedWith: JOB_NOT_YOURS,
  }),
  'POST /jobs/runner/jobs/{id}/outputs': rule('job-runner', (_r, fx) => ({ params: { id: fx.heldJob }, query: { path: 'matrix-output.txt' }, raw: text('o', 'application/octet-stream') }), {
    refusedWith: JOB_NOT_YOURS,
  }),
  'POST /jobs/runner/jobs/{id}/finish': rule('job-runner', async (_r, fx) => ({ params: { id: await fx.freshClaimedJob() }, json: { status: 'FINISHED', exitCode: 0 } }), {
    refusedWith: JOB_NOT_YOURS,
  }),

  // live external runs: created in the caller's personal group, reported to by whoever may edit the run
  'POST /datasets/runs/external': rule('signed-in', (_r, fx) => ({ json: { name: fx.name('external') } })),
  'POST /datasets/runs/{id}/external/log': externalRun(text('a log line\n')),
  'POST /datasets/runs/{id}/external/progress': externalRun(undefined, { iteration: 1, memory: [{ time: 1000, key: 'used', value: 1e9 }] }),
  'PUT /datasets/runs/{id}/external/stats/{name}': rule('edit', async (_r, fx) => ({ params: { id: await fx.freshExternalRun(), name: 'scorestats' }, raw: text(SCORESTATS, 'text/csv') })),
  'POST /datasets/runs/{id}/external/outputs': rule('edit', async (_r, fx) => ({
    params: { id: await fx.freshExternalRun() },
    query: { path: 'matrix-output.txt' },
    raw: text('o', 'application/octet-stream'),
  })),
  'POST /datasets/runs/{id}/external/finish': externalRun(undefined, { status: 'FAILED', message: 'Stopped' }),
};
