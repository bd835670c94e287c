/**
 * Administration of accounts and groups (issue 16, spec 3 §2.10, §2.11): the user list, batch activate/block with
 * sessions ending at once, username changes, a user's groups, team renames, and the licence's user limit.
 */
import { generateKeyPairSync } from 'node:crypto';
import { AccountUser, Group, UserGroup, UsersAnswer, type LicensePayload } from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { signLicense } from '../src/modules/licenses/token.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, signIn, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: cookie ? { cookie } : {}, payload });

async function start() {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  const adminUser = (await call(admin, 'GET', '/accounts/validate')).json<{ userId: number }>();
  return { admin, adminId: adminUser.userId, alice: await addUser(t.app, admin, 'alice'), bob: await addUser(t.app, admin, 'bob') };
}

const batch = (cookie: string, users: number[], state: 'active' | 'blocked') =>
  call(cookie, 'POST', '/accounts/users/batch', { users, action: 'setUserState', payload: { state } });

describe('the user list', () => {
  it('lists users with their state and the total count, searched and paged; administrators only', async () => {
    const { admin, alice } = await start();
    const all = UsersAnswer.parse((await call(admin, 'GET', '/accounts/users')).json());
    expect(all.totalUserCount).toBe(3);
    expect(all.users.map((u) => u.username)).toEqual(['admin', 'alice', 'bob']);
    expect(all.users[0]).toMatchObject({ name: 'admin', roles: ['admin'], state: 'active' });
    expect(all.users[1]!.lastActiveTimestamp).not.toBeNull();

    const page = UsersAnswer.parse((await call(admin, 'GET', '/accounts/users?search=B&offset=0&limit=1')).json());
    expect(page).toMatchObject({ totalUserCount: 1, users: [{ username: 'bob' }] });
    expect(UsersAnswer.parse((await call(admin, 'GET', '/accounts/users?offset=1&limit=1')).json()).users.map((u) => u.username)).toEqual(['alice']);

    expect((await call(alice.cookie, 'GET', '/accounts/users')).statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/accounts/users')).statusCode).toBe(401);
  });
});

describe('blocking and activating', () => {
  it("ends a blocked user's session on its next call, refuses their sign-in, and lets them in again once active", async () => {
    const { admin, alice } = await start();
    expect((await call(alice.cookie, 'GET', '/accounts/validate')).statusCode).toBe(200);

    const blocked = await batch(admin, [alice.userId], 'blocked');
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ updated: 1 });
    expect((await call(alice.cookie, 'GET', '/accounts/validate')).statusCode).toBe(401);
    expect((await call(alice.cookie, 'GET', '/accounts/groups')).statusCode).toBe(401);
    const login = await call(undefined, 'POST', '/accounts/login', { username: 'alice', password: 'password-1' });
    expect(login.statusCode).toBe(401);
    const listed = UsersAnswer.parse((await call(admin, 'GET', '/accounts/users?search=alice')).json());
    expect(listed.users[0]!.state).toBe('blocked');

    expect((await batch(admin, [alice.userId], 'active')).json()).toEqual({ updated: 1 });
    // The old device stays signed out; a new sign-in works.
    expect((await call(alice.cookie, 'GET', '/accounts/validate')).statusCode).toBe(401);
    const again = await signIn(t.app, 'alice', 'password-1');
    expect((await call(again.cookie, 'GET', '/accounts/validate')).statusCode).toBe(200);
  });

  it('refuses self-blocking, unknown users and non-administrators', async () => {
    const { admin, adminId, alice, bob } = await start();
    const self = await batch(admin, [bob.userId, adminId], 'blocked');
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot block your own account.');
    // Nothing changed: bob is still signed in.
    expect((await call(bob.cookie, 'GET', '/accounts/validate')).statusCode).toBe(200);
    expect((await batch(admin, [bob.userId, 999_999], 'blocked')).statusCode).toBe(404);
    expect((await batch(alice.cookie, [bob.userId], 'blocked')).statusCode).toBe(403);
    const wrong = await call(admin, 'POST', '/accounts/users/batch', { users: [bob.userId], action: 'deleteUser', payload: { state: 'blocked' } });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('username changes', () => {
  it("renames the user and their personal group; taken and short names are refused", async () => {
    const { admin, alice, bob } = await start();
    const renamed = await call(admin, 'POST', `/accounts/users/${alice.userId}/username`, { newUsername: 'alicia' });
    expect(renamed.statusCode).toBe(200);
    expect(AccountUser.parse(renamed.json())).toMatchObject({ id: alice.userId, username: 'alicia' });
    // Her session goes on under the new name; her personal group is found by it, the old name is gone.
    const session = (await call(alice.cookie, 'GET', '/accounts/validate')).json();
    expect(session).toMatchObject({ username: 'alicia', groupName: 'alicia' });
    expect((await call(alice.cookie, 'GET', '/accounts/groups/find?name=alicia')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/accounts/groups/find?name=alice')).statusCode).toBe(404);
    await signIn(t.app, 'alicia', 'password-1');

    // A change of case of one's own name is allowed.
    expect((await call(admin, 'POST', `/accounts/users/${alice.userId}/username`, { newUsername: 'Alicia' })).statusCode).toBe(200);
    const taken = await call(admin, 'POST', `/accounts/users/${alice.userId}/username`, { newUsername: 'BOB' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('That username is already taken.');
    expect((await call(admin, 'POST', `/accounts/users/${alice.userId}/username`, { newUsername: 'settings' })).statusCode).toBe(409);
    expect((await call(admin, 'POST', `/accounts/users/${alice.userId}/username`, { newUsername: 'a' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', `/accounts/users/${alice.userId}/username`, { newUsername: 'a b' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', '/accounts/users/999999/username', { newUsername: 'nobody' })).statusCode).toBe(404);
    expect((await call(bob.cookie, 'POST', `/accounts/users/${bob.userId}/username`, { newUsername: 'robert' })).statusCode).toBe(403);
  });
});

describe("a user's groups", () => {
  it('answers the user and administrators, personal group first', async () => {
    const { admin, alice, bob } = await start();
    const team = Group.parse((await call(alice.cookie, 'POST', '/accounts/groups', { name: 'lab' })).json());
    await call(alice.cookie, 'POST', `/accounts/groups/${team.id}/users`, { username: 'bob' });
    const own = (await call(bob.cookie, 'GET', `/accounts/users/${bob.userId}/groups`)).json();
    expect(own.map((g: unknown) => UserGroup.parse(g))).toEqual([
      { groupId: bob.groupId, groupName: 'bob', role: 'owner', personal: true },
      { groupId: team.id, groupName: 'lab', role: 'member', personal: false },
    ]);
    expect((await call(admin, 'GET', `/accounts/users/${bob.userId}/groups`)).json()).toEqual(own);
    expect((await call(alice.cookie, 'GET', `/accounts/users/${bob.userId}/groups`)).statusCode).toBe(403);
    expect((await call(undefined, 'GET', `/accounts/users/${bob.userId}/groups`)).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/accounts/users/999999/groups')).statusCode).toBe(404);
  });
});

describe('groups administration', () => {
  async function teamWith(owner: Session, member: Session) {
    const team = Group.parse((await call(owner.cookie, 'POST', '/accounts/groups', { name: 'transport-lab' })).json());
    await call(owner.cookie, 'POST', `/accounts/groups/${team.id}/users/`, { username: member.username });
    return team;
  }

  it('renames a team for its owners and administrators; members and strangers are refused', async () => {
    const { admin, alice, bob } = await start();
    const carol = await addUser(t.app, admin, 'carol');
    const team = await teamWith(alice, bob);
    const rename = (cookie: string, newGroupname: string) => call(cookie, 'POST', `/accounts/groups/${team.id}/name`, { newGroupname });

    expect((await rename(bob.cookie, 'bobs-lab')).statusCode).toBe(403);
    expect((await rename(carol.cookie, 'carols-lab')).statusCode).toBe(403);
    expect((await rename(alice.cookie, 'x')).statusCode).toBe(400);
    expect((await rename(alice.cookie, 'carol')).statusCode).toBe(409);
    const renamed = await rename(alice.cookie, 'mobility-lab');
    expect(renamed.statusCode).toBe(200);
    expect(Group.parse(renamed.json()).name).toBe('mobility-lab');
    expect((await rename(admin, 'city-lab')).statusCode).toBe(200);
    // The members see the new name in their session (the team settings page reads it from there).
    expect((await call(bob.cookie, 'GET', '/accounts/validate')).json().teams).toContainEqual({ groupId: team.id, groupName: 'city-lab', role: 'member' });
    // A personal group is renamed with its user only.
    const personal = await call(admin, 'POST', `/accounts/groups/${alice.groupId}/name`, { newGroupname: 'alices' });
    expect(personal.statusCode).toBe(400);
  });

  it('lists, reads and changes members and roles as the groups page does', async () => {
    const { admin, alice, bob } = await start();
    const carol = await addUser(t.app, admin, 'carol');
    const team = await teamWith(alice, bob);

    const adminList = (await call(admin, 'GET', '/accounts/groups')).json<Group[]>();
    const listed = adminList.find((g) => g.id === team.id)!;
    expect(listed.members).toHaveLength(2);
    expect(adminList.filter((g) => g.personal).length).toBe(4);
    expect((await call(carol.cookie, 'GET', '/accounts/groups')).json<Group[]>().map((g) => g.name)).toEqual(['carol']);
    expect((await call(carol.cookie, 'GET', `/accounts/groups/${team.id}`)).statusCode).toBe(403);
    expect((await call(bob.cookie, 'GET', `/accounts/groups/${team.id}`)).statusCode).toBe(200);

    // An administrator adds carol, makes her owner, and back; members cannot.
    expect((await call(bob.cookie, 'POST', `/accounts/groups/${team.id}/users/`, { username: 'carol' })).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/accounts/groups/${team.id}/users/`, { username: 'nobody' })).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/accounts/groups/${team.id}/users/`, { username: 'carol' })).statusCode).toBe(200);
    const role = (cookie: string, userId: number, value: string) => call(cookie, 'POST', `/accounts/groups/${team.id}/users/${userId}/role`, { role: value });
    expect((await role(bob.cookie, carol.userId, 'owner')).statusCode).toBe(403);
    const promoted = Group.parse((await role(admin, carol.userId, 'owner')).json());
    expect(promoted.members.find((m) => m.userId === carol.userId)!.role).toBe('owner');
    // Carol, now an owner, removes bob; nobody removes the last owner's role.
    expect((await call(carol.cookie, 'DELETE', `/accounts/groups/${team.id}/users/${bob.userId}`)).statusCode).toBe(200);
    expect((await role(admin, carol.userId, 'member')).statusCode).toBe(200);
    expect((await role(admin, alice.userId, 'member')).statusCode).toBe(400);
    const final = Group.parse((await call(alice.cookie, 'GET', `/accounts/groups/${team.id}`)).json());
    expect(final.members.map((m) => [m.username, m.role])).toEqual([
      ['alice', 'owner'],
      ['carol', 'member'],
    ]);
  });
});

describe('the licence user limit', () => {
  const vendor = generateKeyPairSync('ed25519');
  const payload = (users: number): LicensePayload => ({
    name: 'Limited',
    organisation: 'Lab',
    validFromDate: '2020-01-01',
    validUntilDate: '2099-12-31',
    creationDate: '2020-01-01T00:00:00.000Z',
    features: { commercial: true },
    limits: { users },
    issuer: 'vendor',
  });

  it('refuses adding or activating users beyond the limit (a sign-up waits blocked), and frees a seat when a user is blocked', async () => {
    t = await createTestApp({ env: { LICENSE_PUBLIC_KEY: vendor.publicKey.export({ type: 'spki', format: 'pem' }).toString() } });
    const admin = await setupAdmin(t.app);
    const key = signLicense(payload(2), vendor.privateKey);
    const added = await t.app.inject({ method: 'POST', url: `${API}/corridor/licenses/key`, headers: { cookie: admin, 'content-type': 'text/plain' }, payload: key });
    expect(added.statusCode).toBe(200);

    const alice = await addUser(t.app, admin, 'alice');
    const refused = await call(admin, 'POST', '/accounts/users', { username: 'bob', password: 'password-1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The licence allows at most 2 active users (2 now). Block a user or add a licence with a higher limit first.');

    // A sign-up while the licence is full waits, blocked, for an administrator.
    await call(admin, 'PUT', '/corridor/features', { accountsSignup: true });
    const signup = await call(undefined, 'POST', '/accounts/signup', { username: 'carol', email: 'carol@example.org' });
    expect(signup.statusCode).toBe(200);
    expect(UsersAnswer.parse((await call(admin, 'GET', '/accounts/users?search=carol')).json()).users[0]!.state).toBe('blocked');

    // Blocking alice frees her seat; bob is added; alice cannot come back while the licence is full.
    await batch(admin, [alice.userId], 'blocked');
    const bob = await call(admin, 'POST', '/accounts/users', { username: 'bob', password: 'password-1' });
    expect(bob.statusCode).toBe(200);
    const back = await batch(admin, [alice.userId], 'active');
    expect(back.statusCode).toBe(409);
    // Activating someone already active takes no seat.
    expect((await batch(admin, [bob.json().id], 'active')).json()).toEqual({ updated: 0 });

    // Removing the licence lifts the limit.
    await t.app.inject({ method: 'DELETE', url: `${API}/corridor/licenses?key=${encodeURIComponent(key)}`, headers: { cookie: admin } });
    expect((await batch(admin, [alice.userId], 'active')).statusCode).toBe(200);
  });
});
