/**
 * One valid request per route that takes a string input, for the hostile-string tests: the test changes one
 * input of it at a time. Keys are the routes as the OpenAPI document names them (see openapi-inputs.ts); a route
 * the document lists without an entry here fails the test, so new routes get an entry.
 */
import { dashboardBody, fullChart } from './dashboard-fixtures.ts';
import { modificationWith } from './modification-samples.ts';
import type { RouteName } from './openapi-inputs.ts';

export interface Fixture {
  groupId: number;
  teamId: number;
  memberId: number;
  scenarioId: number;
  configId: number;
  networkId: number;
  changesetId: number;
  templateId: number;
  runId: number;
  jobId: number;
  logFileId: number;
  /** A valid schedule form payload for the scenario. */
  schedule: Record<string, unknown>;
}

export interface BaseRequest {
  /** Values of the path's `{name}` parts. */
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  payload?: unknown;
  /** Calls of the runner protocol carry the runner's token instead of the administrator's session. */
  runner?: boolean;
}

const resources = { cpuCores: 1, ramInGb: 1 };
/** Around Atlantis (30° W 10° N), where equil lies in an Atlantis scenario. */
const DRT_AREA = { type: 'Polygon', coordinates: [[[-31, 9], [-29, 9], [-29, 11], [-31, 11], [-31, 9]]] };
const template = { name: 'Template', description: 'Text', matsimVersion: '2025.0', toolIntegrations: ['2025.0'], command: '$ENGINE $CONFIG $ARGS' };
const templateWithFile = (f: Fixture) => ({ ...template, files: [{ fkUserFile: f.configId, name: 'extra.xml' }] });

const isTextField = (pointer: string) => /^body\/items\/0\/data\/(text|style)$/.test(pointer);

/** `pointer` is the input the test changes (most routes need not know it). */
export const BASE_REQUESTS: Record<RouteName, (f: Fixture, pointer: string) => BaseRequest> = {
  'POST /accounts/setup': () => ({ payload: { username: 'someone', password: 'password-1' } }),
  'POST /accounts/login': () => ({ payload: { username: 'someone', password: 'password-1' } }),
  'POST /accounts/signup': () => ({ payload: { username: 'someone', email: 'someone@example.org' } }),
  'PUT /corridor/settings': () => ({ payload: {} }),
  'GET /datasets/serverfiles': () => ({ query: { path: 'equil' } }),
  'POST /datasets/serverfiles': () => ({ payload: { paths: ['equil/scorestats.csv'] } }),
  'PUT /datasets/runs/{id}/labels': (f) => ({ params: { id: f.runId }, payload: { labels: ['baseline'] } }),
  'POST /corridor/testsmtp': () => ({ payload: { email: 'someone@example.org', settings: {} } }),
  'POST /accounts/users/{userId}/emails': (f) => ({ params: { userId: f.memberId }, payload: { email: 'mike@example.org' } }),
  'POST /accounts/verify-email': () => ({ payload: { token: 'token' } }),
  'POST /accounts/forgot-password': () => ({ payload: { email: 'someone@example.org' } }),
  'POST /accounts/set-password': () => ({ payload: { token: 'token', password: 'password-1' } }),
  'POST /accounts/users': () => ({ payload: { username: 'someone', password: 'password-1' } }),
  'GET /accounts/groups/find': () => ({ query: { name: 'admin' } }),
  'DELETE /accounts/users/{userId}/logintokens/{token}': (f) => ({ params: { userId: f.memberId, token: 'device' } }),
  'POST /accounts/users/{userId}/password': (f) => ({ params: { userId: f.memberId }, payload: { oldPW: 'password-1', newPW: 'password-2' } }),
  'PUT /accounts/users/{userId}/appearance': (f) => ({ params: { userId: f.memberId }, payload: { language: 'de' } }),
  'POST /accounts/users/{userId}/apikeys': (f) => ({ params: { userId: f.memberId }, payload: { description: 'Nightly script' } }),
  'DELETE /accounts/users/{userId}/apikeys/{apikey}': (f) => ({ params: { userId: f.memberId, apikey: 'key' } }),
  'POST /accounts/groups': () => ({ payload: { name: 'new-team' } }),
  'POST /accounts/groups/{id}/users': (f) => ({ params: { id: f.teamId }, payload: { username: 'erin' } }),
  'POST /accounts/groups/{id}/users/{userId}/role': (f) => ({ params: { id: f.teamId, userId: f.memberId }, payload: { role: 'owner' } }),
  'POST /accounts/groups/{id}/name': (f) => ({ params: { id: f.teamId }, payload: { newGroupname: 'renamed-team' } }),
  'GET /accounts/users': () => ({ query: { search: 'erin', offset: '0', limit: '10' } }),
  'POST /accounts/users/batch': (f) => ({ payload: { users: [f.memberId], action: 'setUserState', payload: { state: 'active' } } }),
  'POST /accounts/users/{userId}/username': (f) => ({ params: { userId: f.memberId }, payload: { newUsername: 'renamed-user' } }),
  'POST /corridor/licenses/check/key': () => ({ payload: { key: 'payload.signature' } }),
  'POST /corridor/licenses/key': () => ({ payload: { key: 'payload.signature' } }),
  'DELETE /corridor/licenses': () => ({ query: { key: 'payload.signature' } }),
  'POST /corridor/licenses/refresh': () => ({ query: { key: 'payload.signature' } }),
  'POST /corridor/licenses/community': () => ({ payload: { name: 'Ada', organisation: 'Lab' } }),
  'POST /jobs/setup': () => ({ query: { matsim: '2025.0' } }),
  'POST /corridor/matsim-releases/download': () => ({ query: { version: '2024.0' } }),
  'DELETE /corridor/matsim-releases/{version}': () => ({ params: { version: '11.0' } }),
  'GET /datasets/crs': () => ({ query: { q: 'EPSG:25832' } }),
  'POST /datasets/datasets/{id}/events': (f) => ({ params: { id: f.runId }, payload: { timestamp: '2026-01-01T00:00:00.000Z', type: 'runImported', data: { note: 'Text' } } }),
  'GET /datasets/integrations/{file}': () => ({ params: { file: 'matsim-2025.0.jar' } }),
  'GET /jobs/files/{file}': () => ({ params: { file: 'corridor-runner.tgz' } }),
  'POST /datasets/datasets': (f) => ({
    payload: {
      groupId: f.groupId,
      key: 'fresh',
      name: 'Fresh',
      description: 'Text',
      type: 'scenario',
      template: 'empty',
      attributes: { __crs: 'EPSG:25832', __jobType: 'built-in' },
    },
  }),
  'PUT /datasets/datasets/{id}': (f) => ({
    params: { id: f.scenarioId },
    payload: { name: 'Equil', key: 'equil', description: 'Text', attributes: { __crs: 'Atlantis', __jobType: 'built-in' } },
  }),
  'PUT /datasets/datasets/{id}/name': (f) => ({ params: { id: f.scenarioId }, payload: { name: 'Renamed' } }),
  'PUT /datasets/datasets/{id}/description': (f) => ({ params: { id: f.scenarioId }, payload: { description: 'Text' } }),
  'POST /datasets/datasets/{id}/users': (f) => ({ params: { id: f.scenarioId }, payload: { username: 'erin' } }),
  'POST /datasets/datasets/{id}/changesets': (f, pointer) => ({ params: { id: f.scenarioId }, payload: { id: -1, name: 'Changes', modifications: [modificationWith(pointer)] } }),
  'POST /datasets/datasets/{id}/export': (f) => ({ params: { id: f.scenarioId }, payload: { files: { config: f.configId, network: f.networkId }, changesets: [f.changesetId] } }),
  'PUT /datasets/datasets/{id}/changesets/{changesetId}': (f, pointer) => ({
    params: { id: f.scenarioId, changesetId: f.changesetId },
    payload: { name: 'Renamed', modifications: [modificationWith(pointer)] },
  }),
  'PUT /datasets/files/init': () => ({ query: { fileName: 'empty.xml', format: 'xml' } }),
  'PUT /datasets/files/{id}/meta': (f) => ({ params: { id: f.configId }, payload: { name: 'renamed.xml' } }),
  'GET /datasets/files/{id}': (f) => ({ params: { id: f.configId }, query: { dl: '1' } }),
  'PUT /datasets/files/{id}': (f) => ({ params: { id: f.configId }, payload: '<config></config>' }),
  'GET /datasets/files/{id}/as/{format}': (f) => ({ params: { id: f.networkId, format: 'json' } }),
  'GET /datasets/files/{id}/d/{filename}': (f) => ({ params: { id: f.networkId, filename: 'network-speed.png' } }),
  'POST /datasets/network/{id}/query': (f) => ({
    params: { id: f.networkId },
    payload: { type: 'Data', filters: { conditions: [{ attribute: 'modes', operator: 'in', values: ['car'] }], ids: { links: ['1'], nodes: ['1'] } } },
  }),
  'POST /datasets/files/{id}/link-use': (f) => ({ params: { id: f.networkId }, payload: { links: [{ id: '1', from: '1', to: '2' }] } }),
  'GET /datasets/files/{id}/transit': (f) => ({ params: { id: f.networkId } }),
  'GET /datasets/files/{id}/drt': (f) => ({ params: { id: f.networkId } }),
  'POST /datasets/editor/dvrp_vehicles/generate': (f) => ({
    payload: { networkFileId: f.networkId, area: DRT_AREA, vehicleCount: 2, seats: 4, mode: 'car', startTime: 0, endTime: 86400, existingIds: ['a'] },
  }),
  'POST /datasets/editor/dvrp_stops/generate': (f) => ({ payload: { networkFileId: f.networkId, area: DRT_AREA, count: 2, mode: 'car', existingIds: ['a'] } }),
  'GET /datasets/network/{id}/attributes/{name}/values': (f) => ({ params: { id: f.networkId, name: 'modes' } }),
  'POST /datasets/analysis/{id}/trajectories': (f) => ({
    params: { id: f.runId },
    payload: { timeFilter: { from: 0, to: 300 }, attribute: 'mode', filters: [{ name: 'mode', operator: 'in', value: ['car'] }] },
  }),
  'GET /datasets/analysis/{id}/{name}/options': (f) => ({ params: { id: f.runId, name: 'link-volume' } }),
  'POST /datasets/analysis/{id}/{name}': (f) => ({
    params: { id: f.runId, name: 'flow-bundle' },
    payload: { ids: ['1'], timeFilter: { from: 0, to: 3600 }, filters: [{ name: 'mode', operator: 'in', value: ['car'] }] },
  }),
  'GET /datasets/files/{id}/binary-network-attributes/{name}': (f) => ({ params: { id: f.networkId, name: 'capacity' } }),
  'GET /datasets/sysfiles/{id}': (f) => ({ params: { id: f.logFileId }, query: { dl: '1' } }),
  'POST /datasets/datasets/{id}/import-as-table/{fileId}': (f) => ({ params: { id: f.scenarioId, fileId: f.configId }, payload: { name: 'Table' } }),
  'DELETE /datasets/datasets/{id}/tables/{table}': (f) => ({ params: { id: f.scenarioId, table: 'trips' } }),
  'POST /datasets/datasets/{id}/tables/{table}/query': (f) => ({
    params: { id: f.runId, table: 'scoreStats' },
    payload: {
      query: { select: [{ column: 'key', aggregation: 'NONE' }], groupBy: [{ column: 'key' }], where: [{ column: 'key', is: '=', value: 'avg_best' }] },
      shape: 'RAW',
    },
  }),
  'POST /datasets/datasets/{id}/do': (f) => ({ params: { id: f.runId }, query: { action: 'cancel' } }),
  // The text panel's fields are items/0 only when the pointer is one of them; otherwise the chart panel is.
  'POST /datasets/dashboards': (f, pointer) => ({ payload: dashboardBody(f.groupId, f.runId, 'Board', isTextField(pointer)) }),
  'PUT /datasets/dashboards/{id}': (f, pointer) => ({ params: { id: 1 }, payload: dashboardBody(f.groupId, f.runId, 'Board', isTextField(pointer)) }),
  'POST /datasets/charts': (f) => ({ payload: { chart: fullChart(f.groupId, f.runId) } }),
  'PUT /datasets/charts/{id}': (f) => ({ params: { id: 1 }, payload: { chart: fullChart(f.groupId, f.runId) } }),
  'POST /jobs/templates': (f) => ({ payload: templateWithFile(f) }),
  'PUT /jobs/templates/{id}': (f) => ({ params: { id: f.templateId }, payload: templateWithFile(f) }),
  'GET /datasets/files': () => ({ query: { type: 'jobfile' } }),
  'POST /datasets/files': () => ({ query: { type: 'jobfile' } }),
  'POST /datasets/prespecified/{key}/download': () => ({ params: { key: 'matsim-2025.0' } }),
  'POST /jobs/runners': () => ({ payload: { description: 'Runner', ipv4range: '127.0.0.1/32', ipv6range: '::1/128' } }),
  'PUT /jobs/runners/{id}': () => ({ params: { id: 1 }, payload: { description: 'Runner', ipv4range: '127.0.0.1/32', ipv6range: '::1/128' } }),
  'GET /metrics/meters/{id}/values': () => ({ params: { id: 1 }, query: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' } }),
  'POST /metrics/charts': () => ({ payload: { name: 'Preset', timeRange: 360, settings: { series: [] } } }),
  'POST /jobs/jobs': (f) => ({ payload: f.schedule }),
  'POST /datasets/runs/{id}/again': (f) => ({ params: { id: f.runId } }),
  'POST /jobs/jobs/{id}/do': (f) => ({ params: { id: f.jobId }, query: { action: 'cancel' } }),
  'POST /jobs/runner/connect': () => ({
    runner: true,
    payload: { runnerId: 'runner-0001', name: 'Runner', capabilities: ['engine'], totalResources: resources, availableResources: resources, jobs: [] },
  }),
  'POST /jobs/runner/claim': () => ({ runner: true, payload: { claimId: 'claim-0001', availableResources: resources } }),
  'POST /jobs/runner/jobs/{id}/progress': (f) => ({ runner: true, params: { id: f.jobId }, payload: { iteration: 0, memory: [{ time: 1, key: 'used', value: 1 }] } }),
  'POST /jobs/runner/jobs/{id}/finish': (f) => ({ runner: true, params: { id: f.jobId }, payload: { status: 'FAILED', exitCode: 1, message: 'Stopped' } }),
  'PUT /jobs/runner/jobs/{id}/stats/{name}': (f) => ({ runner: true, params: { id: f.jobId, name: 'scorestats' } }),
  'POST /jobs/runner/jobs/{id}/outputs': (f) => ({ runner: true, params: { id: f.jobId }, query: { path: 'output.txt' } }),
  'POST /datasets/runs/external': () => ({ payload: { name: 'External', description: 'Text', group: 'lab' } }),
  'POST /datasets/runs/{id}/external/progress': (f) => ({ params: { id: f.runId }, payload: { iteration: 0, memory: [{ time: 1, key: 'used', value: 1 }] } }),
  'POST /datasets/runs/{id}/external/finish': (f) => ({ params: { id: f.runId }, payload: { status: 'FAILED', message: 'Stopped' } }),
  'PUT /datasets/runs/{id}/external/stats/{name}': (f) => ({ params: { id: f.runId, name: 'scorestats' } }),
  'POST /datasets/runs/{id}/external/outputs': (f) => ({ params: { id: f.runId }, query: { path: 'output.txt' } }),
};
