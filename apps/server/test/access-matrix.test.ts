/**
 * Who may call what, for every route of the scenario workspace and the teams: anonymous, a user outside the
 * team (non-member), a team member, a user the owner granted access, the owner (creator and team owner), and an
 * administrator. Destructive calls get fresh resources for every caller.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, createScenario, multipart, networkJob, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

const ACTORS = ['anonymous', 'nonMember', 'member', 'granted', 'owner', 'admin'] as const;
type ActorName = (typeof ACTORS)[number];

let t: TestApp;
let users: Record<Exclude<ActorName, 'anonymous'>, Session>;
let lab: number;
let scenario: number;
let config: number;
let network: number;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  const adminCookie = await setupAdmin(t.app);
  const admin = { cookie: adminCookie, userId: 1, groupId: 1, username: 'admin' };
  const owner = await addUser(t.app, adminCookie, 'olivia');
  users = {
    owner,
    member: await addUser(t.app, adminCookie, 'mike'),
    granted: await addUser(t.app, adminCookie, 'grace'),
    nonMember: await addUser(t.app, adminCookie, 'nora'),
    admin: { ...admin, groupId: (await t.app.inject({ url: `${API}/accounts/validate`, headers: { cookie: adminCookie } })).json().groupId },
  };
  await addUser(t.app, adminCookie, 'erin');
  lab = (await t.app.inject({ method: 'POST', url: `${API}/accounts/groups`, headers: { cookie: owner.cookie }, payload: { name: 'lab' } })).json().id;
  await t.app.inject({ method: 'POST', url: `${API}/accounts/groups/${lab}/users`, headers: { cookie: owner.cookie }, payload: { username: 'mike' } });
  ({ id: scenario } = await freshScenario());
  const files = await uploadOk(t.app, owner, [
    { name: 'config.xml', content: await readFile(path.join(SHARED_DATA, 'equil/config.xml')) },
    { name: 'network.xml', content: await readFile(path.join(SHARED_DATA, 'equil/network.xml')) },
  ]);
  [config, network] = [files[0]!.id, files[1]!.id];
  await attach(t.app, owner, scenario, config);
  await attach(t.app, owner, scenario, network);
  await networkJob(t.app, owner, scenario);
});
afterAll(() => t?.close());

/** A scenario of the team, created by the owner, with the granted user on its access list. */
async function freshScenario(): Promise<{ id: number }> {
  const { id } = await createScenario(t.app, users.owner, { key: `s-${++counter}`, groupId: lab });
  await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${id}/users`, headers: { cookie: users.owner.cookie }, payload: { username: 'grace' } });
  return { id };
}

const owners = (path: string) => `${API}${path}`;
const S = () => `/datasets/datasets/${scenario}`;

interface Case {
  name: string;
  expect: [number, number, number, number, number, number];
  request(actor: ActorName): Promise<{ method?: string; url: string; payload?: unknown; headers?: Record<string, string> }>;
}

const read = (name: string, url: () => string): Case => ({ name, expect: [401, 404, 200, 200, 200, 200], request: async () => ({ url: url() }) });
const edit = (name: string, method: string, url: () => string, payload?: unknown): Case => ({
  name,
  expect: [401, 404, 200, 200, 200, 200],
  request: async () => ({ method, url: url(), payload }),
});
const anyone = (name: string, request: Case['request']): Case => ({ name, expect: [401, 200, 200, 200, 200, 200], request });

const CASES: Case[] = [
  {
    name: 'POST /datasets/datasets (in the team)',
    expect: [401, 403, 200, 403, 200, 200],
    request: async () => ({ method: 'POST', url: '/datasets/datasets', payload: { groupId: lab, key: `new-${++counter}`, name: 'N', type: 'scenario' } }),
  },
  anyone('GET /datasets/scenarios', async () => ({ url: '/datasets/scenarios' })),
  read('GET /datasets/datasets/{id}', S),
  edit('PUT /datasets/datasets/{id}', 'PUT', S, { name: 'S', key: 's-1', description: 'd', attributes: { __crs: 'EPSG:25832' } }),
  edit('PUT /datasets/datasets/{id}/name', 'PUT', () => `${S()}/name`, { name: 'Renamed' }),
  edit('PUT /datasets/datasets/{id}/description', 'PUT', () => `${S()}/description`, { description: 'Text' }),
  {
    name: 'POST /datasets/datasets/{id}/team (to the caller’s personal group)',
    expect: [401, 404, 200, 403, 200, 200],
    request: async (actor) => ({
      method: 'POST',
      url: `/datasets/datasets/${(await freshScenario()).id}/team`,
      payload: { newTeam: actor === 'anonymous' ? lab : users[actor].groupId },
    }),
  },
  {
    name: 'DELETE /datasets/datasets/{id}',
    expect: [401, 404, 200, 403, 200, 200],
    request: async () => ({ method: 'DELETE', url: `/datasets/datasets/${(await freshScenario()).id}` }),
  },
  read('GET /datasets/datasets/{id}/users', () => `${S()}/users`),
  {
    name: 'POST /datasets/datasets/{id}/users/',
    expect: [401, 404, 403, 403, 200, 200],
    request: async () => ({ method: 'POST', url: `/datasets/datasets/${(await freshScenario()).id}/users/`, payload: { username: 'erin' } }),
  },
  {
    name: 'DELETE /datasets/datasets/{id}/users/{userId}',
    expect: [401, 404, 403, 403, 200, 200],
    request: async () => ({ method: 'DELETE', url: `/datasets/datasets/${(await freshScenario()).id}/users/${users.granted.userId}` }),
  },
  read('GET /datasets/datasets/{id}/relations', () => `${S()}/relations`),
  read('GET /datasets/datasets/{id}/changesets', () => `${S()}/changesets`),
  edit('POST /datasets/datasets/{id}/changesets', 'POST', () => `${S()}/changesets`, { name: 'C' }),
  {
    name: 'PUT /datasets/datasets/{scenarioId}/changesets/{id}',
    expect: [401, 404, 200, 200, 200, 200],
    request: async () => ({ method: 'PUT', url: `${S()}/changesets/${await freshChangeset()}`, payload: { name: 'Renamed' } }),
  },
  {
    name: 'DELETE /datasets/datasets/{scenarioId}/changesets/{id}',
    expect: [401, 404, 200, 200, 200, 200],
    request: async () => ({ method: 'DELETE', url: `${S()}/changesets/${await freshChangeset()}` }),
  },
  read('GET /datasets/datasets/{id}/files', () => `${S()}/files`),
  {
    name: 'POST /datasets/datasets/{id}/files/{fileId} (a file of the caller)',
    expect: [401, 404, 200, 200, 200, 200],
    request: async (actor) => ({ method: 'POST', url: `${S()}/files/${await orphanOf(actor === 'anonymous' ? 'owner' : actor)}` }),
  },
  {
    name: 'DELETE /datasets/datasets/{id}/files/{fileId}',
    expect: [401, 404, 200, 200, 200, 200],
    request: async () => {
      const fileId = await orphanOf('owner');
      await attach(t.app, users.owner, scenario, fileId);
      return { method: 'DELETE', url: `${S()}/files/${fileId}` };
    },
  },
  read('GET /datasets/scenarios/{id}/preview.png', () => `/datasets/scenarios/${scenario}/preview.png`),
  anyone('POST /datasets/files', async () => ({ method: 'POST', url: '/datasets/files', ...upload() })),
  anyone('PUT /datasets/files/init', async () => ({ method: 'PUT', url: '/datasets/files/init?fileName=empty.xml' })),
  read('GET /datasets/files/{id}?dl=1', () => `/datasets/files/${network}?dl=1`),
  edit('PUT /datasets/files/{configId}', 'PUT', () => `/datasets/files/${config}`),
  edit('PUT /datasets/files/{id}/meta', 'PUT', () => `/datasets/files/${network}/meta`, { name: 'network.xml' }),
  {
    name: 'DELETE /datasets/files/{id} (used by the scenario)',
    expect: [401, 404, 409, 409, 409, 409],
    request: async () => ({ method: 'DELETE', url: `/datasets/files/${network}` }),
  },
  {
    name: 'DELETE /datasets/files/{id} (unused, added by the owner)',
    expect: [401, 404, 404, 404, 200, 200],
    request: async () => ({ method: 'DELETE', url: `/datasets/files/${await orphanOf('owner')}` }),
  },
  read('GET /datasets/files/{id}/as/json', () => `/datasets/files/${network}/as/json`),
  read('GET /datasets/files/{id}/as/geojson', () => `/datasets/files/${network}/as/geojson`),
  read('GET /datasets/files/{id}/d', () => `/datasets/files/${network}/d`),
  read('GET /datasets/files/{id}/d/{filename}', () => `/datasets/files/${network}/d/network-speed.png`),
  anyone('GET /datasets/scenario-templates.json', async () => ({ url: '/datasets/scenario-templates.json' })),
  anyone('GET /datasets/crs?q=utm', async () => ({ url: '/datasets/crs?q=utm' })),
  anyone('GET /jobs/templates', async () => ({ url: '/jobs/templates' })),
  anyone('POST /accounts/groups', async () => ({ method: 'POST', url: '/accounts/groups', payload: { name: `team-${++counter}` } })),
  anyone('GET /accounts/groups', async () => ({ url: '/accounts/groups' })),
  {
    name: 'GET /accounts/groups/{id}',
    expect: [401, 403, 200, 403, 200, 200],
    request: async () => ({ url: `/accounts/groups/${lab}` }),
  },
  {
    name: 'POST /accounts/groups/{id}/users/',
    expect: [401, 403, 403, 403, 200, 200],
    request: async () => ({ method: 'POST', url: `/accounts/groups/${lab}/users/`, payload: { username: 'erin' } }),
  },
  {
    name: 'DELETE /accounts/groups/{id}/users/{userId}',
    expect: [401, 403, 403, 403, 200, 200],
    request: async () => {
      await t.app.inject({ method: 'POST', url: owners(`/accounts/groups/${lab}/users`), headers: { cookie: users.owner.cookie }, payload: { username: 'erin' } });
      const erin = (await t.app.inject({ url: owners(`/accounts/groups/${lab}`), headers: { cookie: users.owner.cookie } })).json().members.find(
        (m: { username: string }) => m.username === 'erin',
      );
      return { method: 'DELETE', url: `/accounts/groups/${lab}/users/${erin.userId}` };
    },
  },
  {
    name: 'POST /accounts/groups/{id}/users/{userId}/role',
    expect: [401, 403, 403, 403, 200, 200],
    request: async () => ({ method: 'POST', url: `/accounts/groups/${lab}/users/${users.member.userId}/role`, payload: { role: 'member' } }),
  },
  {
    name: 'POST /accounts/users',
    expect: [401, 403, 403, 403, 403, 200],
    request: async () => ({ method: 'POST', url: '/accounts/users', payload: { username: `user-${++counter}`, password: 'secret' } }),
  },
];

async function freshChangeset(): Promise<number> {
  const response = await t.app.inject({ method: 'POST', url: owners(`${S()}/changesets`), headers: { cookie: users.owner.cookie }, payload: { name: 'C' } });
  return response.json().id;
}

let orphans = 0;

async function orphanOf(actor: Exclude<ActorName, 'anonymous'>): Promise<number> {
  // A new name each time: a scenario takes one file of a name (issue 24).
  const [file] = await uploadOk(t.app, users[actor], [{ name: `notes-${++orphans}.txt`, content: 'n' }]);
  return file!.id;
}

function upload() {
  const body = multipart([{ name: 'a.txt', content: 'a' }]);
  return { payload: body.payload, headers: body.headers };
}

describe('access matrix', () => {
  it.each(CASES)('$name', async (testCase) => {
    const configXml = await readFile(path.join(SHARED_DATA, 'equil/config.xml'), 'utf8');
    const got: number[] = [];
    for (const actor of ACTORS) {
      const { method = 'GET', url, payload, headers = {} } = await testCase.request(actor);
      const isConfigSave = method === 'PUT' && url === `/datasets/files/${config}`;
      const response = await t.app.inject({
        method: method as 'GET',
        url: `${API}${url}`,
        headers: {
          ...headers,
          ...(actor === 'anonymous' ? {} : { cookie: users[actor].cookie }),
          ...(isConfigSave ? { 'content-type': 'text/xml', 'if-match': '*' } : {}),
        },
        payload: (isConfigSave ? configXml : payload) as string,
      });
      got.push(response.statusCode);
      if (response.statusCode === 404) {
        // Invisible things leak nothing: the message names no scenario or file.
        expect(response.json().message).toMatch(/^The (dataset|file) could not be found\.$/);
      }
    }
    expect(Object.fromEntries(ACTORS.map((a, i) => [a, got[i]]))).toEqual(Object.fromEntries(ACTORS.map((a, i) => [a, testCase.expect[i]])));
  });

  it('lists the scenario only for those who may see it', async () => {
    for (const actor of ['nonMember', 'member', 'granted', 'owner', 'admin'] as const) {
      const ids = (await t.app.inject({ url: `${API}/datasets/scenarios`, headers: { cookie: users[actor].cookie } })).json().map((s: { id: number }) => s.id);
      expect(ids.includes(scenario), actor).toBe(actor !== 'nonMember' && actor !== 'admin');
      const inLab = (await t.app.inject({ url: `${API}/datasets/scenarios?groupId=${lab}`, headers: { cookie: users[actor].cookie } })).json();
      expect(inLab.some((s: { id: number }) => s.id === scenario), `${actor}, ?groupId=`).toBe(actor !== 'nonMember');
    }
  });
});
