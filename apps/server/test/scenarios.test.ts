import { Dataset, DatasetSummary } from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, createScenario, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

async function start(): Promise<{ admin: string; alice: Session; bob: Session }> {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  return { admin, alice: await addUser(t.app, admin, 'alice'), bob: await addUser(t.app, admin, 'bob') };
}

const as = (session: Session) => ({ cookie: session.cookie });

describe('scenario lifecycle', () => {
  it('creates, lists, reads, edits and deletes a scenario', async () => {
    const { alice } = await start();
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/datasets/datasets`,
      headers: as(alice),
      payload: {
        groupId: alice.groupId,
        key: 'berlin',
        name: 'Berlin',
        description: 'A city',
        type: 'scenario',
        template: 'empty',
        attributes: { __crs: 'EPSG:25833', __jobType: 1 },
      },
    });
    expect(created.statusCode).toBe(200);
    const { id, key } = created.json();
    expect(key).toBe('berlin');
    const second = await createScenario(t.app, alice, { key: 'munich', name: 'Munich' });

    const list = await t.app.inject({ url: `${API}/datasets/scenarios`, headers: as(alice) });
    expect(list.statusCode).toBe(200);
    const summaries = list.json().map((s: unknown) => DatasetSummary.parse(s));
    expect(summaries.map((s: DatasetSummary) => s.id)).toEqual([second.id, id]);
    expect(summaries[1]).toMatchObject({ key: 'berlin', groupName: 'alice', hasNetwork: false, attributes: { __crs: 'EPSG:25833', __jobType: 1 } });
    const byGroup = await t.app.inject({ url: `${API}/datasets/scenarios?groupId=${alice.groupId}`, headers: as(alice) });
    expect(byGroup.json()).toHaveLength(2);

    const read = await t.app.inject({ url: `${API}/datasets/datasets/${id}`, headers: as(alice) });
    const dataset = Dataset.parse(read.json());
    expect(dataset).toMatchObject({ id, type: 'scenario', key: 'berlin', name: 'Berlin', description: 'A city', groupId: alice.groupId, files: [] });

    const update = await t.app.inject({
      method: 'PUT',
      url: `${API}/datasets/datasets/${id}`,
      headers: as(alice),
      payload: { name: 'Berlin 2030', key: 'berlin-2030', description: 'Later', attributes: { __crs: 'EPSG:25832', __jobType: 2 } },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toEqual({ key: 'berlin-2030' });
    const rename = await t.app.inject({ method: 'PUT', url: `${API}/datasets/datasets/${id}/name`, headers: as(alice), payload: { name: 'Berlin X' } });
    expect(rename.json()).toEqual({ ok: true });
    const describe = await t.app.inject({
      method: 'PUT',
      url: `${API}/datasets/datasets/${id}/description`,
      headers: as(alice),
      payload: { description: 'New text' },
    });
    expect(describe.statusCode).toBe(200);
    const after = (await t.app.inject({ url: `${API}/datasets/datasets/${id}`, headers: as(alice) })).json();
    expect(after).toMatchObject({ key: 'berlin-2030', name: 'Berlin X', description: 'New text', attributes: { __crs: 'EPSG:25832', __jobType: 2 } });
    expect(Date.parse(after.modified)).toBeGreaterThanOrEqual(Date.parse(dataset.modified));

    const relations = await t.app.inject({ url: `${API}/datasets/datasets/${id}/relations`, headers: as(alice) });
    expect(relations.json()).toEqual([]);

    const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${id}`, headers: as(alice) });
    expect(deleted.json()).toEqual({ ok: true });
    expect((await t.app.inject({ url: `${API}/datasets/datasets/${id}`, headers: as(alice) })).statusCode).toBe(404);
  });

  it('refuses a duplicate key in the group, a bad key, an unknown template and unknown ids', async () => {
    const { alice, bob } = await start();
    const first = await createScenario(t.app, alice, { key: 'equil' });
    const duplicate = await t.app.inject({
      method: 'POST',
      url: `${API}/datasets/datasets`,
      headers: as(alice),
      payload: { groupId: alice.groupId, key: 'equil', name: 'Again', type: 'scenario' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A scenario with this key already exists in this group.');
    // The same key in another group is fine.
    await createScenario(t.app, bob, { key: 'equil' });

    const other = await createScenario(t.app, alice, { key: 'other' });
    const clash = await t.app.inject({
      method: 'PUT',
      url: `${API}/datasets/datasets/${other.id}`,
      headers: as(alice),
      payload: { name: 'Other', key: 'equil', description: '' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A scenario with this key already exists in this group.');

    const badKey = await t.app.inject({
      method: 'POST',
      url: `${API}/datasets/datasets`,
      headers: as(alice),
      payload: { groupId: alice.groupId, key: 'Not A Slug', name: 'X', type: 'scenario' },
    });
    expect(badKey.statusCode).toBe(400);
    for (const reserved of ['runs', 'settings']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API}/datasets/datasets`,
        headers: as(alice),
        payload: { groupId: alice.groupId, key: reserved, name: 'X', type: 'scenario' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`The key "${reserved}" names a page of the group. Please choose another one.`);
    }
    const renameToReserved = await t.app.inject({
      method: 'PUT',
      url: `${API}/datasets/datasets/${other.id}`,
      headers: as(alice),
      payload: { name: 'Other', key: 'compare', description: '' },
    });
    expect(renameToReserved.statusCode).toBe(400);
    const template = await t.app.inject({
      method: 'POST',
      url: `${API}/datasets/datasets`,
      headers: as(alice),
      payload: { groupId: alice.groupId, key: 'x', name: 'X', type: 'scenario', template: 'atlantis' },
    });
    expect(template.statusCode).toBe(400);
    expect(template.json().message).toBe('There is no scenario template "atlantis".');
    const emptyName = await t.app.inject({ method: 'PUT', url: `${API}/datasets/datasets/${first.id}/name`, headers: as(alice), payload: { name: '  ' } });
    expect(emptyName.statusCode).toBe(400);

    for (const url of [`${API}/datasets/datasets/999999`, `${API}/datasets/datasets/999999/users`, `${API}/datasets/datasets/999999/files`]) {
      const response = await t.app.inject({ url, headers: as(alice) });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('The dataset could not be found.');
    }
    expect((await t.app.inject({ url: `${API}/datasets/datasets/abc`, headers: as(alice) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${API}/datasets/datasets/99999999999`, headers: as(alice) })).statusCode).toBe(400);
    const unknownGroup = await t.app.inject({
      method: 'POST',
      url: `${API}/datasets/datasets`,
      headers: as(alice),
      payload: { groupId: 999999, key: 'x', name: 'X', type: 'scenario' },
    });
    expect(unknownGroup.statusCode).toBe(404);
    const foreignGroup = await t.app.inject({
      method: 'POST',
      url: `${API}/datasets/datasets`,
      headers: as(alice),
      payload: { groupId: bob.groupId, key: 'x', name: 'X', type: 'scenario' },
    });
    expect(foreignGroup.statusCode).toBe(403);
  });

  it('keeps server attributes out of client hands', async () => {
    const { alice } = await start();
    const { id } = await createScenario(t.app, alice, { attributes: { networkPostProcessingJob: { status: 'FINISHED' }, custom: 'kept' } });
    const update = await t.app.inject({
      method: 'PUT',
      url: `${API}/datasets/datasets/${id}`,
      headers: as(alice),
      payload: { name: 'N', key: 'n', description: '', attributes: { networkPostProcessingJob: { status: 'FINISHED' }, __jobType: 'x' } },
    });
    expect(update.statusCode).toBe(200);
    const attributes = (await t.app.inject({ url: `${API}/datasets/datasets/${id}`, headers: as(alice) })).json().attributes;
    expect(attributes).toEqual({ custom: 'kept', __jobType: 'x' });
  });
});

describe('moving a scenario to another team', () => {
  it('moves with a unique key, needs membership in both groups, and keeps the files', async () => {
    const { alice, bob } = await start();
    const team = await t.app.inject({ method: 'POST', url: `${API}/accounts/groups`, headers: as(alice), payload: { name: 'transport-lab' } });
    const teamId = team.json().id;
    await createScenario(t.app, alice, { key: 'equil', groupId: teamId });
    await createScenario(t.app, alice, { key: 'equil-2', groupId: teamId });
    const mine = await createScenario(t.app, alice, { key: 'equil' });
    const [file] = await uploadOk(t.app, alice, [{ name: 'notes.txt', content: 'hello' }]);
    await attach(t.app, alice, mine.id, file!.id);

    const moved = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${mine.id}/team`, headers: as(alice), payload: { newTeam: teamId } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ groupId: teamId, groupName: 'transport-lab', key: 'equil-3' });
    const read = (await t.app.inject({ url: `${API}/datasets/datasets/${mine.id}`, headers: as(alice) })).json();
    expect(read).toMatchObject({ groupId: teamId, groupName: 'transport-lab', key: 'equil-3' });
    expect(read.files.map((f: { id: number }) => f.id)).toEqual([file!.id]);

    // Back to the personal group: the key is free there again.
    const back = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${mine.id}/team`, headers: as(alice), payload: { newTeam: alice.groupId } });
    expect(back.json()).toEqual({ groupId: alice.groupId, groupName: 'alice', key: 'equil-3' });

    // Bob is not in the team: he cannot move his scenario there.
    const bobs = await createScenario(t.app, bob, { key: 'b' });
    const refused = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${bobs.id}/team`, headers: as(bob), payload: { newTeam: teamId } });
    expect(refused.statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${bobs.id}/team`, headers: as(bob), payload: { newTeam: 999999 } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('scenario access list', () => {
  it('lets the owner grant and withdraw access, never the OWNER entry', async () => {
    const { admin, alice, bob } = await start();
    const carol = await addUser(t.app, admin, 'carol');
    const { id } = await createScenario(t.app, alice);
    const initial = await t.app.inject({ url: `${API}/datasets/datasets/${id}/users`, headers: as(alice) });
    expect(initial.json()).toEqual([{ userId: alice.userId, username: 'alice', accessType: 'OWNER' }]);

    const unknown = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${id}/users/`, headers: as(alice), payload: { username: 'nobody' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The user could not be found.');

    const granted = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${id}/users/`, headers: as(alice), payload: { username: 'BOB' } });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual([
      { userId: alice.userId, username: 'alice', accessType: 'OWNER' },
      { userId: bob.userId, username: 'bob', accessType: 'USER' },
    ]);
    // Bob now sees it in his list and can read and edit it, but cannot grant, move or delete.
    const bobsList = (await t.app.inject({ url: `${API}/datasets/scenarios`, headers: as(bob) })).json();
    expect(bobsList.map((s: { id: number }) => s.id)).toEqual([id]);
    expect((await t.app.inject({ method: 'PUT', url: `${API}/datasets/datasets/${id}/name`, headers: as(bob), payload: { name: 'By Bob' } })).statusCode).toBe(200);
    const bobGrants = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${id}/users/`, headers: as(bob), payload: { username: 'carol' } });
    expect(bobGrants.statusCode).toBe(403);
    expect(bobGrants.json().message).toBe("Only the scenario's owner can change who has access.");
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${id}`, headers: as(bob) })).statusCode).toBe(403);

    const ownerEntry = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${id}/users/${alice.userId}`, headers: as(alice) });
    expect(ownerEntry.statusCode).toBe(400);
    expect(ownerEntry.json().message).toBe("The owner's access cannot be removed.");
    const noEntry = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${id}/users/${carol.userId}`, headers: as(alice) });
    expect(noEntry.statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${id}/users/${bob.userId}`, headers: as(alice) });
    expect(removed.json()).toEqual([{ userId: alice.userId, username: 'alice', accessType: 'OWNER' }]);
    expect((await t.app.inject({ url: `${API}/datasets/datasets/${id}`, headers: as(bob) })).statusCode).toBe(404);

    // An administrator may grant too.
    const byAdmin = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${id}/users`, headers: { cookie: admin }, payload: { username: 'carol' } });
    expect(byAdmin.statusCode).toBe(200);
  });
});

describe('changesets', () => {
  it('lists, creates, renames and deletes a scenario changeset', async () => {
    const { alice, bob } = await start();
    const { id } = await createScenario(t.app, alice);
    const other = await createScenario(t.app, alice, { key: 'other' });
    expect((await t.app.inject({ url: `${API}/datasets/datasets/${id}/changesets`, headers: as(alice) })).json()).toEqual([]);
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/datasets/datasets/${id}/changesets`,
      headers: as(alice),
      payload: { name: 'Bridge closed', modifications: [{ type: 'network/deleteLink', id: '7' }] },
    });
    expect(created.statusCode).toBe(200);
    const changeset = created.json();
    expect(changeset).toMatchObject({ name: 'Bridge closed', fkDataset: id, modifications: [{ type: 'network/deleteLink', id: '7' }] });

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${API}/datasets/datasets/${id}/changesets/${changeset.id}`,
      headers: as(alice),
      payload: { name: 'Bridge open' },
    });
    expect(renamed.json()).toMatchObject({ id: changeset.id, name: 'Bridge open' });
    const empty = await t.app.inject({ method: 'PUT', url: `${API}/datasets/datasets/${id}/changesets/${changeset.id}`, headers: as(alice), payload: { name: '' } });
    expect(empty.statusCode).toBe(400);
    // The changeset belongs to the first scenario only.
    const wrongScenario = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${other.id}/changesets/${changeset.id}`, headers: as(alice) });
    expect(wrongScenario.statusCode).toBe(404);
    const foreign = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${id}/changesets/${changeset.id}`, headers: as(bob) });
    expect(foreign.statusCode).toBe(404);
    const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${id}/changesets/${changeset.id}`, headers: as(alice) });
    expect(deleted.json()).toEqual({ ok: true });
    expect((await t.app.inject({ url: `${API}/datasets/datasets/${id}/changesets`, headers: as(alice) })).json()).toEqual([]);
  });
});
