/**
 * Dashboards (spec 3 §2.2, §3, §4, §7): CRUD, lock/unlock with locked changes refused, duplicate as a POST,
 * group access (other groups 404, team members read and change), variables over unreadable datasets refused,
 * hostile names, the item limit. Through HTTP against a real database.
 */
import { DASHBOARD_LIMITS, type Dashboard, type DashboardItem } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_LOCKED } from '../src/modules/dashboards/service.ts';
import { groupWorld, textItem, type Caller } from './dashboard-fixtures.ts';
import type { TestApp } from './harness.ts';
import { ok } from './runner-client.ts';
import type { Session } from './workspace-helpers.ts';

let t: TestApp;
let admin: Session;
let alice: Session;
let bob: Session;
let carol: Session;
let team: number;
let aliceScenario: number;
let bobScenario: number;
let call: Caller;

beforeAll(async () => {
  ({ t, admin, alice, bob, carol, team, aliceScenario, bobScenario, call } = await groupWorld());
});
afterAll(() => t?.close());

const chartItem = (): DashboardItem => ({
  type: 'chart',
  x: 4,
  y: 0,
  width: 6,
  height: 4,
  variables: ['Dataset 1'],
  data: { type: 'bar', name: 'Trips by mode', table: 'output_trips', filters: [], config: { measures: [{ name: 'main_mode', aggregation: 'COUNT' }], dimensions: [{ name: 'main_mode' }], options: {} } },
});
const body = (groupId: number, more: Record<string, unknown> = {}) => ({
  groupId,
  name: 'Mode share',
  items: [textItem(), chartItem()],
  variables: [{ name: 'Dataset 1', id: aliceScenario }],
  options: { size: 'normal' },
  ...more,
});

async function create(session: Session, payload: unknown): Promise<number> {
  return ok<{ id: number }>(await call(session, 'POST', '/datasets/dashboards', payload), 'create').id;
}

describe('dashboards: create, read, list, update, delete', () => {
  it('keeps what was sent and answers it with id, locked false and times', async () => {
    const id = await create(alice, body(alice.groupId));
    const got = ok<Dashboard>(await call(alice, 'GET', `/datasets/dashboards/${id}`), 'get');
    expect(got).toMatchObject({ id, groupId: alice.groupId, name: 'Mode share', locked: false, items: [textItem(), chartItem()], options: { size: 'normal' } });
    expect(got.variables).toEqual([{ name: 'Dataset 1', id: aliceScenario }]);
    expect(Date.parse(got.created)).not.toBeNaN();

    const list = ok<Dashboard[]>(await call(alice, 'GET', `/datasets/groups/${alice.groupId}/dashboards`), 'list');
    expect(list.map((d) => d.id)).toContain(id);

    const saved = ok<Dashboard>(await call(alice, 'PUT', `/datasets/dashboards/${id}`, body(alice.groupId, { id, name: 'Renamed', items: [textItem('Bye')], options: { size: 'large' } })), 'put');
    expect(saved).toMatchObject({ name: 'Renamed', items: [textItem('Bye')], options: { size: 'large' } });

    ok(await call(alice, 'DELETE', `/datasets/dashboards/${id}`), 'delete');
    expect((await call(alice, 'GET', `/datasets/dashboards/${id}`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/datasets/dashboards/${id}`)).statusCode).toBe(404);
  });

  it('fills the defaults of an empty dashboard (name empty, shown as Untitled by the client)', async () => {
    const id = await create(alice, { groupId: alice.groupId });
    const got = ok<Dashboard>(await call(alice, 'GET', `/datasets/dashboards/${id}`), 'get');
    expect(got).toMatchObject({ name: '', items: [], variables: [], options: { size: 'normal' }, locked: false });
  });

  it('duplicate: the client posts the copy with name + " Copy" and locked false', async () => {
    const id = await create(alice, body(alice.groupId));
    ok(await call(alice, 'PUT', `/datasets/dashboards/${id}/lock`), 'lock');
    const original = ok<Dashboard>(await call(alice, 'GET', `/datasets/dashboards/${id}`), 'get');
    const { id: _id, created: _c, modified: _m, ...copy } = original;
    const copyId = await create(alice, { ...copy, name: `${original.name} Copy`, locked: false });
    const got = ok<Dashboard>(await call(alice, 'GET', `/datasets/dashboards/${copyId}`), 'copy');
    expect(got).toMatchObject({ name: 'Mode share Copy', locked: false, items: original.items, variables: original.variables });
    expect(ok<Dashboard>(await call(alice, 'GET', `/datasets/dashboards/${id}`), 'original').locked).toBe(true);
  });
});

describe('lock and unlock', () => {
  it('a locked dashboard refuses update and delete with 409 "Dashboard is locked." until unlocked', async () => {
    const id = await create(alice, body(alice.groupId));
    expect(ok<Dashboard>(await call(alice, 'PUT', `/datasets/dashboards/${id}/lock`), 'lock').locked).toBe(true);

    const put = await call(alice, 'PUT', `/datasets/dashboards/${id}`, body(alice.groupId, { name: 'Changed' }));
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(DASHBOARD_LOCKED);
    const del = await call(alice, 'DELETE', `/datasets/dashboards/${id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Dashboard is locked.');
    expect(ok<Dashboard>(await call(alice, 'GET', `/datasets/dashboards/${id}`), 'get').name).toBe('Mode share');

    expect(ok<Dashboard>(await call(alice, 'DELETE', `/datasets/dashboards/${id}/lock`), 'unlock').locked).toBe(false);
    ok(await call(alice, 'PUT', `/datasets/dashboards/${id}`, body(alice.groupId, { name: 'Changed' })), 'put after unlock');
    ok(await call(alice, 'DELETE', `/datasets/dashboards/${id}`), 'delete after unlock');
  });

  it('a PUT does not lock or unlock: locked in the body is ignored', async () => {
    const id = await create(alice, body(alice.groupId));
    const saved = ok<Dashboard>(await call(alice, 'PUT', `/datasets/dashboards/${id}`, body(alice.groupId, { locked: true })), 'put');
    expect(saved.locked).toBe(false);
  });
});

describe('access', () => {
  it("another user's dashboards are 404, like unknown ones; signed out is 401", async () => {
    const id = await create(alice, body(alice.groupId));
    for (const [method, url, payload] of [
      ['GET', `/datasets/dashboards/${id}`],
      ['PUT', `/datasets/dashboards/${id}`, body(bob.groupId, { variables: [] })],
      ['DELETE', `/datasets/dashboards/${id}`],
      ['PUT', `/datasets/dashboards/${id}/lock`],
      ['DELETE', `/datasets/dashboards/${id}/lock`],
      ['GET', `/datasets/groups/${alice.groupId}/dashboards`],
      ['POST', '/datasets/dashboards', body(alice.groupId, { variables: [] })],
    ] as const) {
      const response = await call(bob, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Mode share');
    }
    expect((await call(bob, 'GET', '/datasets/dashboards/999999')).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/datasets/groups/999999/dashboards')).statusCode).toBe(404);
    expect((await call(null, 'GET', `/datasets/dashboards/${id}`)).statusCode).toBe(401);
    expect(ok<Dashboard>(await call(alice, 'GET', `/datasets/dashboards/${id}`), 'unchanged').locked).toBe(false);
  });

  it("a team member reads and changes the team's dashboards; administrators too", async () => {
    const id = await create(alice, body(team));
    expect(ok<Dashboard[]>(await call(carol, 'GET', `/datasets/groups/${team}/dashboards`), 'list').map((d) => d.id)).toContain(id);
    ok(await call(carol, 'PUT', `/datasets/dashboards/${id}`, body(team, { name: 'By Carol' })), 'carol saves');
    ok(await call(carol, 'PUT', `/datasets/dashboards/${id}/lock`), 'carol locks');
    ok(await call(admin, 'DELETE', `/datasets/dashboards/${id}/lock`), 'admin unlocks');
    expect(ok<Dashboard>(await call(admin, 'GET', `/datasets/dashboards/${id}`), 'admin reads').name).toBe('By Carol');
    expect((await call(bob, 'GET', `/datasets/groups/${team}/dashboards`)).statusCode).toBe(404);
  });

  it("a member saves a team dashboard over another member's own dataset, but cannot add one they cannot read", async () => {
    // Carol cannot read Alice's personal scenario; the variable was Alice's to add.
    const id = await create(alice, body(team));
    ok(await call(carol, 'PUT', `/datasets/dashboards/${id}`, body(team, { name: 'Autosaved by Carol' })), 'kept variable');
    const added = await call(carol, 'PUT', `/datasets/dashboards/${id}`, body(team, { variables: [{ name: 'Dataset 1', id: aliceScenario }, { name: 'Dataset 2', id: bobScenario }] }));
    expect(added.statusCode).toBe(404);
    const created = await call(carol, 'POST', '/datasets/dashboards', body(team));
    expect(created.statusCode).toBe(404);
  });

  it('moving a dashboard to another group needs membership of both', async () => {
    const id = await create(alice, body(alice.groupId));
    // Alice is not in Bob's personal group.
    expect((await call(alice, 'PUT', `/datasets/dashboards/${id}`, body(bob.groupId))).statusCode).toBe(404);
    const moved = ok<Dashboard>(await call(alice, 'PUT', `/datasets/dashboards/${id}`, body(team)), 'move to team');
    expect(moved.groupId).toBe(team);
    // Carol is in the team but not in Alice's personal group.
    expect((await call(carol, 'PUT', `/datasets/dashboards/${id}`, body(alice.groupId))).statusCode).toBe(404);
    expect(ok<Dashboard>(await call(carol, 'GET', `/datasets/dashboards/${id}`), 'still in team').groupId).toBe(team);
  });

  it('a variable over a dataset the caller cannot read is refused with 404 that names nothing', async () => {
    for (const datasetId of [bobScenario, 999_999]) {
      const created = await call(alice, 'POST', '/datasets/dashboards', body(alice.groupId, { variables: [{ name: 'Dataset 1', id: datasetId }] }));
      expect(created.statusCode).toBe(404);
      expect(created.json().message).toBe('The dataset could not be found.');
    }
    const id = await create(alice, body(alice.groupId));
    const put = await call(alice, 'PUT', `/datasets/dashboards/${id}`, body(alice.groupId, { variables: [{ name: 'Dataset 2', id: bobScenario }] }));
    expect(put.statusCode).toBe(404);
    expect(put.body).not.toContain('B');
    expect(ok<Dashboard>(await call(alice, 'GET', `/datasets/dashboards/${id}`), 'unchanged').variables).toEqual([{ name: 'Dataset 1', id: aliceScenario }]);
  });
});

describe('hostile input', () => {
  it('names with quotes, semicolons and SQL are kept as text', async () => {
    const name = `Robert'); DROP TABLE dashboards; -- "x"`;
    const id = await create(alice, body(alice.groupId, { name, items: [textItem(`'; DELETE FROM charts; --`)] }));
    const got = ok<Dashboard>(await call(alice, 'GET', `/datasets/dashboards/${id}`), 'get');
    expect(got.name).toBe(name);
    expect(got.items[0]).toMatchObject({ data: { text: `'; DELETE FROM charts; --` } });
    expect(ok<Dashboard[]>(await call(alice, 'GET', `/datasets/groups/${alice.groupId}/dashboards`), 'list').length).toBeGreaterThan(1);
  });

  it('a NUL in a name or text is a 400 naming the field, nothing stored', async () => {
    const before = ok<Dashboard[]>(await call(alice, 'GET', `/datasets/groups/${alice.groupId}/dashboards`), 'list').length;
    const named = await call(alice, 'POST', '/datasets/dashboards', body(alice.groupId, { name: 'a\u0000b' }));
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toMatch(/body\/name: .*control characters/);
    const texted = await call(alice, 'POST', '/datasets/dashboards', body(alice.groupId, { items: [textItem('a\u0000b')] }));
    expect(texted.statusCode).toBe(400);
    expect(texted.json().message).toContain('body/items/0/data/text');
    expect(ok<Dashboard[]>(await call(alice, 'GET', `/datasets/groups/${alice.groupId}/dashboards`), 'list').length).toBe(before);
  });

  it(`takes ${DASHBOARD_LIMITS.maxItems} panels of long text (more than the 1 MB default body), refuses one more`, async () => {
    const long = 'x'.repeat(DASHBOARD_LIMITS.textMax);
    const items = Array.from({ length: DASHBOARD_LIMITS.maxItems }, (_, i) => textItem(long, i * 2));
    const id = await create(alice, body(alice.groupId, { items }));
    expect(ok<Dashboard>(await call(alice, 'GET', `/datasets/dashboards/${id}`), 'get').items).toHaveLength(DASHBOARD_LIMITS.maxItems);
    const tooMany = await call(alice, 'PUT', `/datasets/dashboards/${id}`, body(alice.groupId, { items: [...items, textItem()] }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('body/items');
  });

  it('panels below the minimum size and unknown item types are 400', async () => {
    const small = await call(alice, 'POST', '/datasets/dashboards', body(alice.groupId, { items: [{ ...textItem(), width: 1 }] }));
    expect(small.statusCode).toBe(400);
    const unknown = await call(alice, 'POST', '/datasets/dashboards', body(alice.groupId, { items: [{ ...textItem(), type: 'video' }] }));
    expect(unknown.statusCode).toBe(400);
  });
});
