import { describe, expect, test } from 'vitest';
import { collectText } from '../xml/writer.ts';
import { sharedData } from '../../test/data.ts';
import { cut, formatError, sharedBytes, sharedPlain, utf8 } from '../../test/variants.ts';
import { isLeg, selectedPlan, type Activity, type Leg, type Population } from './model.ts';
import { readPopulation, streamPersons } from './reader.ts';
import { readNetwork } from '../network/reader.ts';
import { convertNodeRoutes } from './convert.ts';
import { ptRouteInfo, routeLinkIds, routeNodeIds } from './routes.ts';
import { writePopulation } from './writer.ts';

/** Every population under ../shared/data: format version and person count. */
const POPULATIONS: [string, string, number][] = [
  ['equil/plans100.xml', 'v4', 100],
  ['equil/plans2000.xml.gz', 'v4', 2000],
  ['berlin-medium/plans_hwh_1pct.xml.gz', 'v4', 15931],
  ['drt-mielec/plans_only_drt_1.0.xml.gz', 'v6', 388],
  ['pt-tutorial/population.xml', 'v4', 900],
  ['pt-tutorial/0.plans.xml.gz', 'v6', 900],
  ['output-newwest-2024/input/plans450.xml', 'v6', 450],
  ['output-newwest-2024/output_plans.xml.gz', 'v6', 450],
  ['output-equil-2026-zst/input/plans100_without-routes.xml', 'v4', 100],
  ...[
    'output-equil-2022-txt/output_plans.xml.gz',
    'output-equil-2022-txt/ITERS/it.0/0.plans.xml.gz',
    'output-equil-2022-txt/ITERS/it.1/1.plans.xml.gz',
    'output-equil-2024/output_plans.xml.gz',
    'output-equil-2024/ITERS/it.0/0.plans.xml.gz',
    'output-equil-2024/ITERS/it.1/1.plans.xml.gz',
    'output-equil-2026-zst/output_plans.xml.zst',
    'output-equil-2026-zst/output_experienced_plans.xml.zst',
    'output-equil-2026-zst/ITERS/it.0/0.plans.xml.zst',
    'output-equil-2026-zst/ITERS/it.1/1.plans.xml.zst',
    'output-equil-2026-zst/ITERS/it.0/0.experienced_plans.xml.zst',
    'output-equil-2026-zst/ITERS/it.10/10.experienced_plans.xml.zst',
  ].map((path): [string, string, number] => [path, 'v6', 100]),
];

const roundTrip = async (population: Population) =>
  readPopulation(utf8(await collectText(writePopulation(population, { version: population.version === 'v4' ? 'v4' : 'v6' }))));

describe('reading real populations', () => {
  test.each(POPULATIONS)('%s is %s with %d persons', async (path, version, persons) => {
    const population = await readPopulation(sharedData(path));
    expect(population.version).toBe(version);
    expect(population.persons.size).toBe(persons);
  });

  test('plans_v4 (equil plans100): times as written, node routes, no selected plan', async () => {
    const person = (await readPopulation(sharedData('equil/plans100.xml'))).persons.get('1')!;
    const plan = person.plans[0]!;
    expect(plan.selected).toBe(false);
    expect(selectedPlan(person)).toBe(plan);
    const [home, toWork, work, empty] = plan.elements as [Activity, Leg, Activity, Leg];
    expect(home).toEqual({ kind: 'activity', type: 'h', link: '1', x: -25000, y: 0, endTime: 21600, timeText: { endTime: '06:00' } });
    expect(work).toMatchObject({ type: 'w', link: '20', maxDur: 600, timeText: { maxDur: '00:10' } });
    expect(toWork.route).toEqual({ description: '2 7 12', nodeRoute: true });
    expect(routeNodeIds(toWork.route!)).toEqual(['2', '7', '12']);
    expect(routeLinkIds(toWork.route!)).toBeUndefined();
    expect(routeNodeIds(empty.route!)).toEqual([]);
  });

  test('plans_v4 (berlin): legacy person attributes and v4-only attributes kept', async () => {
    const person = (await readPopulation(sharedData('berlin-medium/plans_hwh_1pct.xml.gz'))).persons.get('66128')!;
    expect(person).toMatchObject({ sex: 'm', age: 20, license: 'yes', carAvail: 'always', employed: 'yes' });
    const plan = person.plans[0]!;
    expect(plan).toMatchObject({ selected: true, extra: { age: '0' } });
    expect(plan.elements[0]).toMatchObject({ type: 'home', startTime: 0, maxDur: 28800, endTime: 28800, extra: { ref_id: '6' } });
    const leg = plan.elements[1] as Leg;
    expect(leg).toMatchObject({ mode: 'car', depTime: 28800, travTime: 1980, extra: { num: '0', arr_time: '08:33' } });
    expect(leg.route).toMatchObject({ travTime: 1980, nodeRoute: true });
    expect(routeNodeIds(leg.route!)).toHaveLength(33);
    expect(plan.elements[2]).toMatchObject({ type: 'work', endTime: 24 * 3600, timeText: { endTime: '24:00' } });
  });

  test('population_v6 (newwest output): score, person attributes and a network route', async () => {
    const population = await readPopulation(sharedData('output-newwest-2024/output_plans.xml.gz'));
    expect(population.attributes?.get('coordinateReferenceSystem')?.text).toBe('EPSG:26910');
    const person = population.persons.get('p_0')!;
    expect(person.attributes?.get('vehicles')).toEqual({ class: 'org.matsim.vehicles.PersonVehicles', text: '{"car":"p_0"}' });
    const plan = selectedPlan(person)!;
    expect(plan.score).toBe(138.20991706397612);
    expect(plan.elements[0]).toEqual({
      kind: 'activity', type: 'home', link: '2213793890009f', x: 506914.901130676, y: 5454837.222794155, endTime: 26746,
    });
    const leg = plan.elements[1] as Leg;
    expect(leg).toMatchObject({ mode: 'car', depTime: 26746, travTime: 395 });
    expect(leg.attributes?.get('routingMode')?.text).toBe('car');
    expect(leg.route).toMatchObject({
      type: 'links', startLink: '2213793890009f', endLink: '836040680011f', travTime: 395, distance: 6366.089993142476, vehicleRefId: 'p_0',
    });
    const links = routeLinkIds(leg.route!)!;
    expect(links).toHaveLength(211);
    expect([links[0], links[5], links.at(-1)]).toEqual(['2213793890009f', '255841530000f', '836040680011f']);
  });

  test('default_pt routes (pt tutorial): JSON kept verbatim, its fields readable', async () => {
    const population = await readPopulation(sharedData('pt-tutorial/0.plans.xml.gz'));
    expect(population.attributes?.get('coordinateReferenceSystem')?.text).toBe('Atlantis');
    const person = population.persons.get('1')!;
    expect(person.attributes?.get('employed')).toEqual({ class: 'java.lang.Boolean', text: 'false' });
    const ptLegs = [...population.persons.values()]
      .flatMap((p) => p.plans.flatMap((plan) => plan.elements))
      .filter((e): e is Leg => isLeg(e) && e.route?.type === 'default_pt');
    expect(ptLegs).toHaveLength(621);
    const route = ptLegs[0]!.route!;
    expect(route).toMatchObject({ startLink: '11', endLink: '33', timeText: { travTime: 'undefined' } });
    expect(route.travTime).toBeUndefined();
    expect(route.distance).toBeNaN();
    expect(route.description).toBe(
      '{"transitRouteId":"1to3","boardingTime":"undefined","transitLineId":"Blue Line","accessFacilityId":"1","egressFacilityId":"3"}',
    );
    expect(ptRouteInfo(route)).toEqual({ transitLineId: 'Blue Line', transitRouteId: '1to3', accessFacilityId: '1', egressFacilityId: '3' });
    expect(ptLegs.map((leg) => ptRouteInfo(leg.route!)!.egressFacilityId)).toContain('2a');
    expect(routeLinkIds(route)).toBeUndefined();
  });

  test('pt route helpers: boarding times, the legacy PT1 text, and bad descriptions', () => {
    const json = '{"transitRouteId":"r","boardingTime":"07:30:00","transitLineId":"l","accessFacilityId":"a","egressFacilityId":"e"}';
    expect(ptRouteInfo({ type: 'default_pt', description: json })?.boardingTime).toBe(27000);
    expect(ptRouteInfo({ type: 'experimentalPt1', description: 'PT1===a===l===r===e' })).toEqual({
      accessFacilityId: 'a', transitLineId: 'l', transitRouteId: 'r', egressFacilityId: 'e',
    });
    expect(ptRouteInfo({ type: 'generic', description: '' })).toBeUndefined();
    expect(() => ptRouteInfo({ type: 'default_pt', description: '{"transitRouteId":' })).toThrow(/not JSON/);
    expect(() => ptRouteInfo({ type: 'default_pt', description: '{}' })).toThrow(/lacks transitLineId/);
    expect(() => ptRouteInfo({ type: 'experimentalPt1', description: 'PT2===a' })).toThrow(/PT1===/);
  });

  test('experienced plans: generic routes, stage activities and leg attributes', async () => {
    const person = (await readPopulation(sharedData('output-equil-2026-zst/output_experienced_plans.xml.zst'))).persons.get('1')!;
    const [first, walk, interaction, car] = person.plans[0]!.elements as [Activity, Leg, Activity, Leg];
    expect(first).toMatchObject({ type: 'h', endTime: 21600 });
    expect(walk.route).toEqual({ type: 'generic', startLink: '1', endLink: '1', travTime: 7800, distance: 6500, description: '' });
    expect(interaction).toMatchObject({ type: 'car interaction', startTime: 29400, endTime: 29400 });
    expect(car.attributes?.get('enterVehicleTime')).toEqual({ class: 'java.lang.Double', text: '29400.0' });
    expect(car.route?.vehicleRefId).toBe('null');
  });

  test('drt legs without routes and activities on links only', async () => {
    const person = (await readPopulation(sharedData('drt-mielec/plans_only_drt_1.0.xml.gz'))).persons.get('0000175')!;
    expect(person.plans[0]!.elements).toEqual([
      { kind: 'activity', type: 'dummy', link: '123', endTime: 24793 },
      { kind: 'leg', mode: 'drt' },
      { kind: 'activity', type: 'dummy', link: '373' },
    ]);
  });
});

describe('writing populations', () => {
  test.each(POPULATIONS.map(([path]) => path))('%s: read → write → read keeps every value', async (path) => {
    const population = await readPopulation(sharedData(path));
    expect(await roundTrip(population)).toEqual(population);
  });

  test.each(['output-newwest-2024/output_plans.xml.gz', 'pt-tutorial/0.plans.xml.gz', 'output-equil-2024/output_plans.xml.gz'])(
    '%s is written back byte for byte as MATSim wrote it',
    async (path) => {
      const original = new TextDecoder().decode(await sharedPlain(path));
      expect(await collectText(writePopulation(await readPopulation(sharedData(path))))).toBe(original);
    },
  );

  test('a v4 population without routes converts to v6 with the same persons', async () => {
    const v4 = await readPopulation(sharedData('pt-tutorial/population.xml'));
    const v6 = await readPopulation(utf8(await collectText(writePopulation(v4))));
    expect(v6.version).toBe('v6');
    expect(v6.persons).toEqual(v4.persons);
  });

  test('v4 node routes cannot become v6 link routes without the network', async () => {
    const v4 = await readPopulation(sharedData('equil/plans100.xml'));
    const error = await formatError(collectText(writePopulation(v4, { version: 'v6' })), 'invalid-value');
    expect(error.message).toContain('network');
  });

  test('changed times are written as HH:MM:SS, fractions kept; unchanged ones keep their text', async () => {
    const population = await readPopulation(sharedData('equil/plans100.xml'));
    const [home, , work] = population.persons.get('1')!.plans[0]!.elements as [Activity, Leg, Activity];
    home.endTime = 21600.5;
    const text = await collectText(writePopulation(population, { version: 'v4' }));
    expect(text).toContain('end_time="06:00:00.5"');
    expect(text).toContain('dur="00:10"');
    const again = (await readPopulation(utf8(text))).persons.get('1')!.plans[0]!.elements;
    expect(again[0]).toMatchObject({ endTime: 21600.5 });
    expect(again[2]).toMatchObject({ maxDur: work.maxDur });
  });

  test('a stream of persons is written like the whole population', async () => {
    const path = sharedData('output-equil-2024/output_plans.xml.gz');
    let header;
    const persons = streamPersons(path, { onHeader: (h) => (header = h) });
    const first = await persons.next();
    const streamed = collectText(
      writePopulation(
        (async function* () {
          yield first.value!;
          yield* persons;
        })(),
        { header },
      ),
    );
    expect(await streamed).toBe(await collectText(writePopulation(await readPopulation(path))));
  });
});

describe('v4 node routes', () => {
  test('become the link routes MATSim made of equil plans100 with the equil network', async () => {
    const population = await readPopulation(sharedData('equil/plans100.xml'));
    const network = await readNetwork(sharedData('equil/network.xml'));
    expect(convertNodeRoutes(population.persons.values(), network)).toBe(201);
    const matsim = await readPopulation(sharedData('output-equil-2024/ITERS/it.0/0.plans.xml.gz'));
    const routes = (p: Population) =>
      [...p.persons.values()]
        .sort((a, b) => Number(a.id) - Number(b.id))
        .flatMap((person) =>
          person.plans[0]!.elements.filter(isLeg).map((leg) => [person.id, leg.route!.startLink, leg.route!.endLink, leg.route!.description]),
        );
    expect(routes(population)).toEqual(routes(matsim));
    expect(routes(population)[0]).toEqual(['1', '1', '20', '1 6 15 20']);
    expect(routes(population)[1]).toEqual(['1', '20', '20', '20']);

    const v6 = await readPopulation(utf8(await collectText(writePopulation(population))));
    expect(v6.persons).toEqual(population.persons);
  });

  test('a node pair without a link between them is an error', async () => {
    const population = await readPopulation(sharedData('equil/plans100.xml'));
    const network = await readNetwork(sharedData('equil/network.xml'));
    network.links.delete('15');
    expect(() => convertNodeRoutes(population.persons.values(), network)).toThrow(/from node "7" to node "12"/);
  });
});

describe('streaming persons', () => {
  test('yields every person in file order, the header first', async () => {
    const seen: string[] = [];
    let header;
    for await (const person of streamPersons(sharedData('berlin-medium/plans_hwh_1pct.xml.gz'), {
      onHeader: (h) => {
        expect(seen).toHaveLength(0);
        header = h;
      },
    })) {
      seen.push(person.id);
    }
    expect(header).toEqual({ version: 'v4' });
    expect(seen).toHaveLength(15931);
    expect(seen[0]).toBe('66128');
  });

  test('leaving the loop early stops reading (gzip, zstd, plain, bytes)', async () => {
    const inputs = [
      sharedData('berlin-medium/plans_hwh_1pct.xml.gz'),
      sharedData('output-equil-2026-zst/output_plans.xml.zst'),
      sharedData('pt-tutorial/population.xml'),
      sharedBytes('pt-tutorial/population.xml'),
    ];
    for (const input of inputs) {
      const ids: string[] = [];
      for await (const person of streamPersons(input)) {
        ids.push(person.id);
        if (ids.length === 3) break;
      }
      expect(ids).toHaveLength(3);
    }
  });

  test('a truncated gzip yields the persons before the cut, then fails as truncated', async () => {
    let count = 0;
    const read = (async () => {
      for await (const person of streamPersons(cut(sharedBytes('berlin-medium/plans_hwh_1pct.xml.gz')))) {
        if (person.plans.length > 0) count++;
      }
    })();
    await formatError(read, 'truncated');
    expect(count).toBeGreaterThan(1000);
    expect(count).toBeLessThan(15931);
  });
});

describe('bad input', () => {
  test('a network is refused by its root element', async () => {
    await formatError(readPopulation(sharedData('equil/network.xml')), 'unexpected-root');
  });

  test('a cut zstd population is truncated; an XXE payload is refused', async () => {
    await formatError(readPopulation(cut(sharedBytes('output-equil-2026-zst/output_plans.xml.zst'), 0.6)), 'truncated');
    const xxe = '<!DOCTYPE population [<!ENTITY x SYSTEM "file:///etc/passwd">]><population><person id="&x;"/></population>';
    await formatError(readPopulation(utf8(xxe)), 'forbidden-doctype');
  });

  test.each([
    ['an activity without link or coordinates', '<activity type="h" end_time="06:00:00"/>', 'neither a link'],
    ['a time that is not a time', '<activity type="h" link="1" end_time="7am"/>', 'end_time="7am"'],
    ['a non-numeric coordinate', '<activity type="h" x="east" y="1"/>', 'x="east"'],
    ['an unknown element', '<activity type="h" link="1"/><teleport/>', '<teleport>'],
  ])('%s is an invalid value with its line', async (_, body, message) => {
    const xml = `<population>\n<person id="1">\n<plan selected="yes">\n${body}</plan></person></population>`;
    const error = await formatError(readPopulation(utf8(xml)), 'invalid-value');
    expect(error.message).toContain(message);
    expect(error.line).toBe(4);
  });

  test('a plan selected "maybe" and a duplicate person are errors', async () => {
    await formatError(readPopulation(utf8('<population><person id="1"><plan selected="maybe"/></person></population>')), 'invalid-value');
    const twice = '<population><person id="1"/><person id="1"/></population>';
    expect((await formatError(readPopulation(utf8(twice)), 'invalid-value')).message).toContain('Duplicate person');
  });

  test('legs outside plans are refused; v4 knowledge and desires are skipped as MATSim does', async () => {
    await formatError(readPopulation(utf8('<population><person id="1"><leg mode="car"/></person></population>')), 'invalid-value');
    const v4 = `<plans><person id="1"><travelcard type="unknown"/><knowledge><activity type="home">
      <location id="f1"><capacity value="2"/></location></activity></knowledge>
      <plan selected="yes"><act type="h" link="1"/></plan></person></plans>`;
    const person = (await readPopulation(utf8(v4))).persons.get('1')!;
    expect(person.plans[0]!.elements).toEqual([{ kind: 'activity', type: 'h', link: '1' }]);
    expect(person.plans[0]!.elements.some(isLeg)).toBe(false);
  });
});
