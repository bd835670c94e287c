import { Group } from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, signIn, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

const as = (session: Session) => ({ cookie: session.cookie });

async function start() {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  return { admin, alice: await addUser(t.app, admin, 'alice'), bob: await addUser(t.app, admin, 'bob'), carol: await addUser(t.app, admin, 'carol') };
}

describe('users added by an administrator', () => {
  it('can sign in at once and have a personal group; names are unique across users and teams', async () => {
    t = await createTestApp();
    const admin = await setupAdmin(t.app);
    const created = await t.app.inject({ method: 'POST', url: `${API}/accounts/users`, headers: { cookie: admin }, payload: { username: 'dora', password: 'secret' } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ username: 'dora', id: expect.any(Number) });
    const dora = await signIn(t.app, 'dora', 'secret');
    expect(dora.groupId).toEqual(expect.any(Number));

    const taken = await t.app.inject({ method: 'POST', url: `${API}/accounts/users`, headers: { cookie: admin }, payload: { username: 'DORA', password: 'secret' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('That username is already taken.');
    const short = await t.app.inject({ method: 'POST', url: `${API}/accounts/users`, headers: { cookie: admin }, payload: { username: 'eve', password: '1234' } });
    expect(short.statusCode).toBe(400);
    const byUser = await t.app.inject({ method: 'POST', url: `${API}/accounts/users`, headers: as(dora), payload: { username: 'eve', password: 'secret' } });
    expect(byUser.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${API}/accounts/users`, payload: { username: 'eve', password: 'secret' } })).statusCode).toBe(401);
    const page = await t.app.inject({ method: 'POST', url: `${API}/accounts/users`, headers: { cookie: admin }, payload: { username: 'scenarios', password: 'secret' } });
    expect(page.statusCode).toBe(409);
  });
});

describe('teams', () => {
  it('creates a team with the creator as owner, and refuses taken names', async () => {
    const { alice } = await start();
    const created = await t.app.inject({ method: 'POST', url: `${API}/accounts/groups`, headers: as(alice), payload: { name: 'transport-lab' } });
    expect(created.statusCode).toBe(200);
    const team = Group.parse(created.json());
    expect(team).toMatchObject({ name: 'transport-lab', personal: false, members: [{ userId: alice.userId, username: 'alice', role: 'owner' }] });
    // Taken by a team, by a user's personal group, and by top-level pages of the app (/settings, /help).
    for (const name of ['Transport-Lab', 'bob', 'settings', 'Help']) {
      const clash = await t.app.inject({ method: 'POST', url: `${API}/accounts/groups`, headers: as(alice), payload: { name } });
      expect(clash.statusCode, name).toBe(409);
      expect(clash.json().message).toBe('The new team could not be created, probably there is already one with that name.');
    }
    expect((await t.app.inject({ method: 'POST', url: `${API}/accounts/groups`, headers: as(alice), payload: { name: 'a b' } })).statusCode).toBe(400);
    // The new team shows in the session's teams.
    const session = (await t.app.inject({ url: `${API}/accounts/validate`, headers: as(alice) })).json();
    expect(session.teams).toContainEqual({ groupId: team.id, groupName: 'transport-lab', role: 'owner' });
  });

  it('lists the caller’s groups, and every group for an administrator', async () => {
    const { admin, alice } = await start();
    await t.app.inject({ method: 'POST', url: `${API}/accounts/groups`, headers: as(alice), payload: { name: 'lab' } });
    const mine = (await t.app.inject({ url: `${API}/accounts/groups`, headers: as(alice) })).json();
    expect(mine.map((g: { name: string; personal: boolean }) => [g.name, g.personal])).toEqual([
      ['alice', true],
      ['lab', false],
    ]);
    const all = (await t.app.inject({ url: `${API}/accounts/groups`, headers: { cookie: admin } })).json();
    expect(all.map((g: { name: string }) => g.name).sort()).toEqual(['admin', 'alice', 'bob', 'carol', 'lab']);
    expect((await t.app.inject({ url: `${API}/accounts/groups` })).statusCode).toBe(401);
  });

  it('lets owners manage members and roles, members only read, and keeps one owner', async () => {
    const { admin, alice, bob, carol } = await start();
    const teamId = (await t.app.inject({ method: 'POST', url: `${API}/accounts/groups`, headers: as(alice), payload: { name: 'lab' } })).json().id;
    const url = `${API}/accounts/groups/${teamId}`;

    expect((await t.app.inject({ url, headers: as(bob) })).statusCode).toBe(403);
    const added = await t.app.inject({ method: 'POST', url: `${url}/users/`, headers: as(alice), payload: { username: 'bob' } });
    expect(added.json().members).toEqual([
      { id: alice.userId, userId: alice.userId, username: 'alice', role: 'owner' },
      { id: bob.userId, userId: bob.userId, username: 'bob', role: 'member' },
    ]);
    expect((await t.app.inject({ url, headers: as(bob) })).json().members).toHaveLength(2);
    const unknown = await t.app.inject({ method: 'POST', url: `${url}/users`, headers: as(alice), payload: { username: 'nobody' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The user could not be found.');

    // A member may not change the team.
    const byMember = await t.app.inject({ method: 'POST', url: `${url}/users`, headers: as(bob), payload: { username: 'carol' } });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe('Only an owner of the team can do this.');
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/users/${alice.userId}`, headers: as(bob) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${url}/users`, headers: as(carol), payload: { username: 'carol' } })).statusCode).toBe(403);

    const self = await t.app.inject({ method: 'DELETE', url: `${url}/users/${alice.userId}`, headers: as(alice) });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot remove yourself from the team.');
    const lastOwner = await t.app.inject({ method: 'POST', url: `${url}/users/${alice.userId}/role`, headers: { cookie: admin }, payload: { role: 'member' } });
    expect(lastOwner.statusCode).toBe(400);
    expect(lastOwner.json().message).toBe('A team needs at least one owner.');

    const promoted = await t.app.inject({ method: 'POST', url: `${url}/users/${bob.userId}/role`, headers: as(alice), payload: { role: 'owner' } });
    expect(promoted.json().members.find((m: { userId: number }) => m.userId === bob.userId).role).toBe('owner');
    expect((await t.app.inject({ method: 'POST', url: `${url}/users/${bob.userId}/role`, headers: as(alice), payload: { role: 'boss' } })).statusCode).toBe(400);
    const removed = await t.app.inject({ method: 'DELETE', url: `${url}/users/${alice.userId}`, headers: as(bob) });
    expect(removed.json().members.map((m: { username: string }) => m.username)).toEqual(['bob']);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/users/${carol.userId}`, headers: as(bob) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}/accounts/groups/999999`, headers: as(bob) })).statusCode).toBe(404);
  });

  it('keeps personal groups to their one user', async () => {
    const { admin, alice } = await start();
    const add = await t.app.inject({ method: 'POST', url: `${API}/accounts/groups/${alice.groupId}/users`, headers: as(alice), payload: { username: 'bob' } });
    expect(add.statusCode).toBe(400);
    expect(add.json().message).toBe('A personal group cannot have other members.');
    const remove = await t.app.inject({ method: 'DELETE', url: `${API}/accounts/groups/${alice.groupId}/users/${alice.userId}`, headers: { cookie: admin } });
    expect(remove.statusCode).toBe(400);
    const role = await t.app.inject({ method: 'POST', url: `${API}/accounts/groups/${alice.groupId}/users/${alice.userId}/role`, headers: { cookie: admin }, payload: { role: 'member' } });
    expect(role.statusCode).toBe(400);
  });
});

describe('catalogues', () => {
  it('answers the job templates with the built-in engine as default', async () => {
    const { alice } = await start();
    const response = await t.app.inject({ url: `${API}/jobs/templates`, headers: as(alice) });
    const answer = response.json<{ jobTemplates: { id: number; name: string; command: string }[]; defaultJobTemplate: number }>();
    expect(answer.jobTemplates.map((t) => t.name)).toEqual(['Built-in engine', 'Standard MATSim Controller', 'MATSim Controller with Corridor']);
    expect(answer.jobTemplates[0]).toMatchObject({ id: 1, command: '$ENGINE $CONFIG $ARGS' });
    expect(answer.defaultJobTemplate).toBe(1);
    expect((await t.app.inject({ url: `${API}/jobs/templates` })).statusCode).toBe(401);
  });

  it('searches coordinate reference systems from two characters on', async () => {
    const { alice } = await start();
    const found = await t.app.inject({ url: `${API}/datasets/crs?q=25832`, headers: as(alice) });
    expect(found.statusCode).toBe(200);
    expect(found.json()[0]).toMatchObject({ code: 'EPSG:25832', name: expect.stringContaining('UTM zone 32N') });
    const short = await t.app.inject({ url: `${API}/datasets/crs?q=2`, headers: as(alice) });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Invalid request: querystring/q: Type at least 2 characters.');
    expect((await t.app.inject({ url: `${API}/datasets/crs?q=utm` })).statusCode).toBe(401);
  });
});
