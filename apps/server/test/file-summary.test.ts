/** GET /datasets/files/{id}/summary: population/plans and transit schedule summaries, cached as summary.json. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FileSummary } from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDiskBlobStore } from '../src/storage/local-disk.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { ok } from './runner-client.ts';
import { addUser, attach, createScenario, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

async function start() {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  return { alice: await addUser(t.app, admin, 'alice'), bob: await addUser(t.app, admin, 'bob') };
}

const as = (session: Session) => ({ cookie: session.cookie });
const summary = (session: Session | null, fileId: number) =>
  t.app.inject({ url: `${API}/datasets/files/${fileId}/summary`, headers: session ? as(session) : {} });
const summaryOk = async (session: Session, fileId: number) => ok<FileSummary>(await summary(session, fileId), 'summary');
const shared = (file: string) => readFile(path.join(SHARED_DATA, file));
const derivedNames = async (session: Session, fileId: number) =>
  ok<{ filename: string }[]>(await t.app.inject({ url: `${API}/datasets/files/${fileId}/d`, headers: as(session) }), 'derived').map((d) => d.filename);

describe('file summaries', () => {
  it('equil plans100.xml (plans_v4, no plan marked selected): persons, plans, activities by type, legs by mode', async () => {
    const { alice } = await start();
    const [file] = await uploadOk(t.app, alice, [{ name: 'plans100.xml', content: await shared('equil/plans100.xml') }]);
    expect(file!.tag).toBe('plans_v4');
    expect(await summaryOk(alice, file!.id)).toEqual({
      kind: 'population',
      persons: 100,
      plans: 100,
      selectedPlans: 100, // MATSim's rule: the first plan when none is marked
      activities: [
        { type: 'h', count: 200 },
        { type: 'w', count: 101 },
      ],
      legs: [{ mode: 'car', count: 201 }],
      subpopulations: [{ name: '', count: 100 }],
    });
  });

  it('pt-tutorial 0.plans.xml.gz (gzip) and the zstd-compressed output plans of equil 2026', async () => {
    const { alice } = await start();
    const [gz, zst] = await uploadOk(t.app, alice, [
      { name: '0.plans.xml.gz', content: await shared('pt-tutorial/0.plans.xml.gz') },
      { name: 'output_plans.xml.zst', content: await shared('output-equil-2026-zst/output_plans.xml.zst') },
    ]);
    expect(await summaryOk(alice, gz!.id)).toEqual({
      kind: 'population',
      persons: 900,
      plans: 900,
      selectedPlans: 900,
      activities: [
        { type: 'h', count: 1800 },
        { type: 'pt interaction', count: 1242 },
        { type: 'w', count: 900 },
        { type: 's', count: 428 },
      ],
      legs: [
        { mode: 'walk', count: 1711 },
        { mode: 'car', count: 1138 },
        { mode: 'pt', count: 621 },
      ],
      subpopulations: [{ name: '', count: 900 }],
    });
    expect(await summaryOk(alice, zst!.id)).toMatchObject({
      kind: 'population',
      persons: 100,
      plans: 199,
      selectedPlans: 100,
      activities: [
        { type: 'car interaction', count: 800 },
        { type: 'h', count: 398 },
        { type: 'w', count: 201 },
      ],
      legs: [
        { mode: 'walk', count: 800 },
        { mode: 'car', count: 400 },
      ],
    });
  });

  it('subpopulations from the person attribute, "" for persons without one', async () => {
    const { alice } = await start();
    const person = (id: string, subpopulation?: string) =>
      `<person id="${id}">${subpopulation ? `<attributes><attribute name="subpopulation" class="java.lang.String">${subpopulation}</attribute></attributes>` : ''}` +
      `<plan selected="no"><activity type="home" x="0" y="0" end_time="08:00:00"/><leg mode="bike"/><activity type="work" x="1" y="1"/></plan>` +
      `<plan selected="yes"><activity type="home" x="0" y="0"/></plan></person>`;
    const xml = `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE population SYSTEM "http://www.matsim.org/files/dtd/population_v6.dtd">\n<population>${person('1', 'freight')}${person('2', 'freight')}${person('3')}</population>`;
    const [file] = await uploadOk(t.app, alice, [{ name: 'population.xml.gz', content: gzipSync(xml) }]);
    expect(file!.tag).toBe('population_v6');
    expect(await summaryOk(alice, file!.id)).toEqual({
      kind: 'population',
      persons: 3,
      plans: 6,
      selectedPlans: 3,
      activities: [
        { type: 'home', count: 6 },
        { type: 'work', count: 3 },
      ],
      legs: [{ mode: 'bike', count: 3 }],
      subpopulations: [
        { name: 'freight', count: 2 },
        { name: '', count: 1 },
      ],
    });
  });

  it('pt-tutorial transitschedule.xml: stops, lines, routes, departures, per mode', async () => {
    const { alice } = await start();
    const [file] = await uploadOk(t.app, alice, [{ name: 'transitschedule.xml', content: await shared('pt-tutorial/transitschedule.xml') }]);
    expect(file!.tag).toMatch(/^transitSchedule_v/);
    const answer = await summaryOk(alice, file!.id);
    expect(answer).toMatchObject({ kind: 'transit', stops: 4, lines: 1, routes: 2, departures: 100 });
    if (answer.kind !== 'transit') throw new Error('not a transit summary');
    expect(answer.modes.map((m) => m.mode).sort()).toEqual(['pt', 'train']);
    expect(answer.modes.reduce((sum, m) => sum + m.routes, 0)).toBe(2);
    expect(answer.modes.reduce((sum, m) => sum + m.departures, 0)).toBe(100);
  });

  it('is computed once and kept as summary.json: the second answer is the same and comes from it, not from the file', async () => {
    const { alice } = await start();
    const [file] = await uploadOk(t.app, alice, [{ name: 'plans2000.xml.gz', content: await shared('equil/plans2000.xml.gz') }]);
    expect(await derivedNames(alice, file!.id)).toEqual([]);
    const first = await summaryOk(alice, file!.id);
    expect(first).toMatchObject({ kind: 'population', persons: 2000 });
    expect(await derivedNames(alice, file!.id)).toEqual(['summary.json']);
    const stored = await t.app.inject({ url: `${API}/datasets/files/${file!.id}/d/summary.json`, headers: as(alice) });
    expect(JSON.parse(stored.body)).toEqual(first);

    // Proof that the second answer does not read the file: its bytes are gone from the blob store.
    const row = await t.database.db.query.files.findFirst({ where: (files, { eq }) => eq(files.id, file!.id) });
    await (await LocalDiskBlobStore.open(path.join(t.config.dataDir, 'files'))).delete(row!.blobKey);
    expect((await t.app.inject({ url: `${API}/datasets/files/${file!.id}`, headers: as(alice) })).statusCode).not.toBe(200);
    expect(await summaryOk(alice, file!.id)).toEqual(first);
    expect(await derivedNames(alice, file!.id)).toEqual(['summary.json']);
  });

  it('400 for other files, 401 signed out, 404 for files the caller cannot see', async () => {
    const { alice, bob } = await start();
    const scenario = await createScenario(t.app, alice, { key: 'equil' });
    const [network, config, population] = await uploadOk(t.app, alice, [
      { name: 'network.xml', content: await shared('equil/network.xml') },
      { name: 'config.xml', content: await shared('equil/config.xml') },
      { name: 'plans100.xml', content: await shared('equil/plans100.xml') },
    ]);
    for (const file of [network!, config!]) {
      const answer = await summary(alice, file.id);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('Only population, plans and transit schedule files have a summary.');
    }
    expect((await summary(null, population!.id)).statusCode).toBe(401);
    const hidden = await summary(bob, population!.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('The file could not be found.');
    // Visible to whoever sees a scenario using it.
    await attach(t.app, alice, scenario.id, population!.id);
    expect((await summary(bob, population!.id)).statusCode).toBe(404);
    expect((await summary(alice, population!.id)).statusCode).toBe(200);
  });
});
