/** POST /datasets/files/{id}/link-use: the index of link use of a population/plans file, kept as link-use.json. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { LinkUse, LinkUseAnswer, LinkUseLink } from '@corridor/contract';
import { convertNodeRoutes, readNetwork, readPopulation, routeLinkIds } from '@corridor/matsim';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { ok } from './runner-client.ts';
import { addUser, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

async function start() {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  return { alice: await addUser(t.app, admin, 'alice'), bob: await addUser(t.app, admin, 'bob') };
}

const linkUse = (session: Session, fileId: number, links: LinkUseLink[]) =>
  t.app.inject({ method: 'POST', url: `${API}/datasets/files/${fileId}/link-use`, headers: { cookie: session.cookie }, payload: { links } });
const linkUseOk = async (session: Session, fileId: number, links: LinkUseLink[]) => ok<LinkUseAnswer>(await linkUse(session, fileId, links), 'link use');
const shared = (file: string) => readFile(path.join(SHARED_DATA, file));

/** What the test counts per link: the answer's fields, with every person whose routes use the link. */
type Counted = LinkUse & { allRoutePersons: Set<string> };

/**
 * The expected answer counted here another way: the population read whole, its v4 node routes turned into link
 * routes with the network (as MATSim does), then every activity and route counted per link.
 */
async function countedInTest(plansFile: string, networkFile: string): Promise<{ links: LinkUseLink[]; expected: Counted[] }> {
  const network = await readNetwork(await shared(networkFile));
  const population = await readPopulation(await shared(plansFile));
  convertNodeRoutes(population.persons.values(), network);
  const uses = new Map<string, Counted>();
  const use = (id: string) => {
    let entry = uses.get(id);
    if (!entry) {
      entry = { id, activities: 0, activitiesWithoutCoordinates: 0, routes: 0, activityPersons: [], routePersons: [], allRoutePersons: new Set() };
      uses.set(id, entry);
    }
    return entry;
  };
  const addPerson = (list: string[], person: string) => list.length < 3 && !list.includes(person) && list.push(person);
  for (const person of population.persons.values()) {
    for (const plan of person.plans) {
      for (const element of plan.elements) {
        if (element.kind === 'activity' && element.link !== undefined) {
          const entry = use(element.link);
          entry.activities++;
          if (element.x === undefined) entry.activitiesWithoutCoordinates++;
          addPerson(entry.activityPersons, person.id);
        } else if (element.kind === 'leg' && element.route) {
          for (const id of new Set(routeLinkIds(element.route) ?? [])) {
            use(id).routes++;
            addPerson(use(id).routePersons, person.id);
            use(id).allRoutePersons.add(person.id);
          }
        }
      }
    }
  }
  const links = [...network.links.values()].map((link) => ({ id: link.id, from: link.from, to: link.to }));
  return { links, expected: links.flatMap((link) => uses.get(link.id) ?? []) };
}

/**
 * The answer against the test's count: the same links with the same counts and activity persons (the first three
 * in file order). A v4 route's example persons come from its end links and its node pairs, kept apart in the index,
 * so they are three persons whose routes use the link, not necessarily the first three.
 */
function expectMatches(answer: LinkUse[], expected: Counted[]): void {
  expect(answer.map(({ routePersons: _r, ...use }) => use)).toEqual(expected.map(({ routePersons: _r, allRoutePersons: _a, ...use }) => use));
  answer.forEach((use, i) => {
    const all = expected[i]!.allRoutePersons;
    expect(use.routePersons.length).toBe(Math.min(3, all.size));
    expect(new Set(use.routePersons).size).toBe(use.routePersons.length);
    for (const person of use.routePersons) expect(all.has(person), `link ${use.id}: person ${person}`).toBe(true);
  });
}

describe('index of link use', () => {
  it('equil plans100.xml (plans_v4, node routes): activities and routes per link match a count over the converted population', async () => {
    const { alice } = await start();
    const [file] = await uploadOk(t.app, alice, [{ name: 'plans100.xml', content: await shared('equil/plans100.xml') }]);
    const { links, expected } = await countedInTest('equil/plans100.xml', 'equil/network.xml');
    // Equil: everyone lives on link 1 and works on link 20 (one person twice); car routes pass the links between.
    expect(expected.find((use) => use.id === '1')).toMatchObject({ activities: 200, activitiesWithoutCoordinates: 0 });
    expect(expected.find((use) => use.id === '20')).toMatchObject({ activities: 101 });
    expect(expected.filter((use) => use.activities === 0 && use.routes > 0).length).toBeGreaterThan(3);

    const answer = await linkUseOk(alice, file!.id, links);
    expect(answer.persons).toBe(100);
    expectMatches(answer.links, expected);
    expect(answer.links.find((use) => use.id === '1')?.activityPersons).toEqual(['1', '2', '3']);

    // Kept as a derived file; asked again (a smaller question) it answers from there.
    const derived = ok<{ filename: string }[]>(await t.app.inject({ url: `${API}/datasets/files/${file!.id}/d`, headers: { cookie: alice.cookie } }), 'derived');
    expect(derived.map((d) => d.filename)).toContain('link-use.json');
    const again = await linkUseOk(alice, file!.id, [{ id: '20' }, { id: 'no-such-link' }]);
    expect(again.links.map((use) => use.id)).toEqual(['20']);
    // Without its nodes, a link inside v4 node routes has no routes to count.
    const middle = expected.find((use) => use.activities === 0)!;
    expect((await linkUseOk(alice, file!.id, [{ id: middle.id }])).links).toEqual([]);
  });

  it('berlin-medium plans_hwh_1pct.xml.gz (15,931 persons): the counts of the links asked match the converted population', async () => {
    const { alice } = await start();
    const [file] = await uploadOk(t.app, alice, [{ name: 'plans_hwh_1pct.xml.gz', content: await shared('berlin-medium/plans_hwh_1pct.xml.gz') }]);
    const { links, expected } = await countedInTest('berlin-medium/plans_hwh_1pct.xml.gz', 'berlin-medium/network.xml.gz');
    const answer = await linkUseOk(alice, file!.id, links.slice(0, 10_000));
    const asked = new Set(links.slice(0, 10_000).map((link) => link.id));
    const want = expected.filter((use) => asked.has(use.id));
    expect(answer.persons).toBe(15_931);
    expect(want.length).toBeGreaterThan(5000);
    expectMatches(answer.links, want);
  }, 60_000);

  it('population_v6: links routes, generic start/end links, activities without coordinates; each route once per link', async () => {
    const { alice } = await start();
    const xml =
      `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE population SYSTEM "http://www.matsim.org/files/dtd/population_v6.dtd">\n<population>` +
      `<person id="a"><plan selected="yes"><activity type="home" link="L1" x="0" y="0" end_time="08:00:00"/>` +
      `<leg mode="car"><route type="links" start_link="L1" end_link="L3">L1 L2 L2 L3</route></leg>` +
      `<activity type="work" link="L3" end_time="17:00:00"/>` +
      `<leg mode="walk"><route type="generic" start_link="L3" end_link="L1"></route></leg><activity type="home" link="L1" x="0" y="0"/></plan></person>` +
      `<person id="b"><plan selected="yes"><activity type="home" link="L2"/><leg mode="bike"/><activity type="shop" x="5" y="5"/></plan></person>` +
      `</population>`;
    const [file] = await uploadOk(t.app, alice, [{ name: 'population.xml.gz', content: gzipSync(xml) }]);
    expect(file!.tag).toBe('population_v6');
    const answer = await linkUseOk(alice, file!.id, [{ id: 'L1' }, { id: 'L2' }, { id: 'L3' }, { id: 'L4' }, { id: 'constructor' }]);
    expect(answer).toEqual({
      persons: 2,
      links: [
        { id: 'L1', activities: 2, activitiesWithoutCoordinates: 0, routes: 2, activityPersons: ['a'], routePersons: ['a'] },
        { id: 'L2', activities: 1, activitiesWithoutCoordinates: 1, routes: 1, activityPersons: ['b'], routePersons: ['a'] },
        { id: 'L3', activities: 1, activitiesWithoutCoordinates: 1, routes: 2, activityPersons: ['a'], routePersons: ['a'] },
      ],
    });
  });

  it("another user's file is 404; a file that is no population is 400", async () => {
    const { alice, bob } = await start();
    const [plans, network] = await uploadOk(t.app, alice, [
      { name: 'plans100.xml', content: await shared('equil/plans100.xml') },
      { name: 'network.xml', content: await shared('equil/network.xml') },
    ]);
    const refused = await linkUse(bob, plans!.id, [{ id: '1' }]);
    expect(refused.statusCode).toBe(404);
    const other = await linkUse(alice, network!.id, [{ id: '1' }]);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/population and plans files/);
  });
});
