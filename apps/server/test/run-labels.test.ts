/** Run labels (issue 17): set on a run with the edit right, kept trimmed and without repeats, in the run list and the run page. */
import type { RunDetails, RunSummary } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { insertRun } from './run-fixtures.ts';
import { addUser, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;
let bob: Session;
let runId: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
  runId = (await insertRun(t, { owner: alice, name: 'Berlin Run 1', job: { status: 'FINISHED' } })).id;
  await insertRun(t, { owner: alice, name: 'Berlin Run 2', job: { status: 'FINISHED' } });
});
afterAll(() => t?.close());

const put = (session: Session, id: number, labels: unknown) =>
  t.app.inject({ method: 'PUT', url: `${API}/datasets/runs/${id}/labels`, headers: { cookie: session.cookie }, payload: { labels } });
const get = <T>(session: Session, url: string) => t.app.inject({ url: `${API}${url}`, headers: { cookie: session.cookie } }).then((r) => r.json<T>());

describe('run labels', () => {
  it('are stored trimmed without repeats (ignoring case), shown in the run list and on the run page', async () => {
    const response = await put(alice, runId, [' baseline ', 'Policy A', 'BASELINE', 'policy a', 'ü-test']);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ labels: ['baseline', 'Policy A', 'ü-test'] });
    const list = await get<RunSummary[]>(alice, `/datasets/runs?groupId=${alice.groupId}`);
    expect(list.map((r) => [r.name, r.labels])).toEqual([
      ['Berlin Run 2', []],
      ['Berlin Run 1', ['baseline', 'Policy A', 'ü-test']],
    ]);
    expect((await get<RunDetails>(alice, `/datasets/run/${runId}`)).labels).toEqual(['baseline', 'Policy A', 'ü-test']);

    expect((await put(alice, runId, ['Policy A'])).json()).toEqual({ labels: ['Policy A'] });
    expect((await get<RunDetails>(alice, `/datasets/run/${runId}`)).labels).toEqual(['Policy A']);
  });

  it('refuse empty, too long, too many and control characters, keeping the stored labels', async () => {
    await put(alice, runId, ['kept']);
    const refused = [[''], ['   '], ['x'.repeat(41)], Array.from({ length: 21 }, (_, i) => `l${i}`), ['a\u0000b'], ['line\nbreak'], 'text'];
    for (const labels of refused) expect([labels, (await put(alice, runId, labels)).statusCode]).toEqual([labels, 400]);
    const many = await put(alice, runId, Array.from({ length: 21 }, (_, i) => `l${i}`));
    expect(many.json().message).toContain('at most 20 labels');
    expect((await put(alice, runId, ['x'.repeat(40)])).statusCode).toBe(200);
    expect((await put(alice, runId, Array.from({ length: 20 }, (_, i) => `l${i}`))).statusCode).toBe(200);
    expect((await put(alice, runId, [])).json()).toEqual({ labels: [] });
  });

  it("another team's user can neither set nor see them (404)", async () => {
    await put(alice, runId, ['secret plan']);
    const response = await put(bob, runId, ['mine']);
    expect(response.statusCode).toBe(404);
    expect((await get<RunSummary[]>(bob, '/datasets/runs')).flatMap((r) => r.labels)).toEqual([]);
    expect((await get<RunDetails>(alice, `/datasets/run/${runId}`)).labels).toEqual(['secret plan']);
  });
});
