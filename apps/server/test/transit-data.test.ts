/**
 * GET /datasets/files/{id}/transit (issue 28): a transit schedule's stops, lines, routes, route stops, network
 * routes and departures for the map editor, in WGS84, made once per file and kept as transit-data.json.gz.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { NO_TRANSIT_DATA, type TransitData } from '@corridor/contract';
import { transformer, xy } from '@corridor/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskBlobStore } from '../src/storage/local-disk.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, createScenario, networkJob, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
}, 60_000);
afterAll(() => t?.close());

const shared = (file: string) => readFile(path.join(SHARED_DATA, file));
const transit = (session: Session, fileId: number, gzip = false) =>
  t.app.inject({ url: `${API}/datasets/files/${fileId}/transit`, headers: { cookie: session.cookie, ...(gzip ? { 'accept-encoding': 'gzip, deflate' } : {}) } });
async function transitOk(session: Session, fileId: number): Promise<TransitData> {
  const response = await transit(session, fileId);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json();
}
const derived = async (fileId: number) =>
  (await t.app.inject({ url: `${API}/datasets/files/${fileId}/d`, headers: { cookie: alice.cookie } })).json() as { filename: string; type: string }[];

let keys = 0;
/** A scenario of alice's (with `crs` as its CRS) using the uploaded file. */
async function inScenario(name: string, content: Buffer | string, crs?: string): Promise<number> {
  const scenario = await createScenario(t.app, alice, { key: `transit-${++keys}`, attributes: crs ? { __crs: crs } : {} });
  const [file] = await uploadOk(t.app, alice, [{ name, content }]);
  await attach(t.app, alice, scenario.id, file!.id);
  return file!.id;
}

async function setCrs(datasetId: number, crs: string) {
  const current = (await t.app.inject({ url: `${API}/datasets/datasets/${datasetId}`, headers: { cookie: alice.cookie } })).json();
  const response = await t.app.inject({
    method: 'PUT',
    url: `${API}/datasets/datasets/${datasetId}`,
    headers: { cookie: alice.cookie },
    payload: { name: current.name, key: current.key, description: current.description, attributes: { __crs: crs } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The schedule's counts read another way: its elements counted in the XML text. */
function countedInXml(xml: string) {
  const count = (pattern: RegExp) => xml.match(pattern)?.length ?? 0;
  return {
    stops: count(/<stopFacility[\s>]/g),
    lines: count(/<transitLine[\s>]/g),
    routes: count(/<transitRoute[\s>]/g),
    departures: count(/<departure[\s>]/g),
    routeStops: count(/<stop[\s>]/g),
    links: count(/<link[\s>]/g),
  };
}

function countedInAnswer(data: TransitData) {
  const routes = data.transitLines.flatMap((line) => Object.values(line.transitRoutes));
  return {
    stops: data.stops.length,
    lines: data.transitLines.length,
    routes: routes.length,
    departures: routes.reduce((sum, route) => sum + route.departures.length, 0),
    routeStops: routes.reduce((sum, route) => sum + route.stops.length, 0),
    links: routes.reduce((sum, route) => sum + route.links.length, 0),
  };
}

describe('transit data of a schedule', () => {
  it('pt-tutorial in an Atlantis scenario: the counts of the XML, WGS84 stops, gzip when accepted, kept as transit-data.json.gz', async () => {
    const xml = (await shared('pt-tutorial/transitschedule.xml')).toString('utf8');
    const fileId = await inScenario('transitschedule.xml', xml, 'Atlantis');
    const data = await transitOk(alice, fileId);
    expect(countedInAnswer(data)).toEqual(countedInXml(xml));
    expect(countedInAnswer(data)).toEqual({ stops: 4, lines: 1, routes: 2, departures: 100, routeStops: 6, links: 8 });
    expect(data.crs).toBe('Atlantis');
    expect(data.problem).toBeUndefined();
    // Stop 1 at x=y=1050 in Atlantis (a plane around 30° W 10° N) is near there in WGS84.
    const one = data.stops.find((stop) => stop.id === '1')!;
    expect(one).toMatchObject({ linkId: '11', isBlocking: false });
    const [lng, lat] = one.coordinates;
    expect(lng).toBeCloseTo(-30 + 1050 / 111_320, 3);
    expect(lat).toBeCloseTo(10 + 1050 / 110_600, 2);
    expect(one.coordinates).toEqual([...transformer('Atlantis')(xy(1050, 1050))]);
    const route = data.transitLines[0]!.transitRoutes['1to3']!;
    expect(route).toMatchObject({ mode: 'train', transitLineId: 'Blue Line', links: ['11', '12', '23', '33'] });
    expect(route.stops.map((stop) => [stop.id, stop.arrivalOffset, stop.departureOffset])).toEqual([
      ['1', 0, 0],
      ['2a', 200, 240],
      ['3', 540, 540],
    ]);
    expect(route.departures[0]).toEqual({ id: '01', departureTime: 6 * 3600, vehicleRefId: 'tr_1' });

    // The same bytes gzip-encoded for a client that accepts them.
    const gzipped = await transit(alice, fileId, true);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.rawPayload.length);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(data);
    expect((await derived(fileId)).map((d) => d.filename)).toEqual(['transit-data.json.gz']);
  });

  it('made once: later calls send the stored form without reading the schedule', async () => {
    const fileId = await inScenario('schedule-once.xml', await shared('pt-tutorial/transitschedule.xml'), 'Atlantis');
    expect(await derived(fileId)).toEqual([]);
    const first = await transitOk(alice, fileId);
    expect((await derived(fileId)).map((d) => d.filename)).toEqual(['transit-data.json.gz']);
    // Proof that the second answer does not read the file: its bytes are gone from the blob store.
    const row = await t.database.db.query.files.findFirst({ where: (files, { eq }) => eq(files.id, fileId) });
    await (await LocalDiskBlobStore.open(path.join(t.config.dataDir, 'files'))).delete(row!.blobKey);
    expect(await transitOk(alice, fileId)).toEqual(first);
  });

  it('a changed scenario CRS gives a fresh form; a schedule naming its own CRS keeps it', async () => {
    const scenario = await createScenario(t.app, alice, { key: `transit-${++keys}`, attributes: { __crs: 'Atlantis' } });
    const [tutorial, own] = await uploadOk(t.app, alice, [
      { name: 'schedule-crs.xml', content: await shared('pt-tutorial/transitschedule.xml') },
      { name: 'schedule-own-crs.xml', content: OWN_CRS_SCHEDULE },
    ]);
    await attach(t.app, alice, scenario.id, tutorial!.id);
    await attach(t.app, alice, scenario.id, own!.id);
    const atlantis = await transitOk(alice, tutorial!.id);
    const ownBefore = await transitOk(alice, own!.id);
    expect(ownBefore.crs).toBe('EPSG:25832');
    expect(ownBefore.stops).toEqual([
      { id: 'a', name: 'Hauptbahnhof', coordinates: [...transformer('EPSG:25832')(xy(691_000, 5_334_000))], isBlocking: false, group: 'central' },
      { id: 'b', name: '', coordinates: [...transformer('EPSG:25832')(xy(692_000, 5_335_000))], isBlocking: true, linkId: 'l2', group: 'central' },
    ]);
    // UTM 32N near Munich.
    expect(ownBefore.stops[0]!.coordinates[0]).toBeGreaterThan(11);
    expect(ownBefore.stops[0]!.coordinates[0]).toBeLessThan(12);
    expect(ownBefore.stops[0]!.coordinates[1]).toBeGreaterThan(48);
    expect(ownBefore.stops[0]!.coordinates[1]).toBeLessThan(48.3);

    await setCrs(scenario.id, 'EPSG:25832');
    const utm = await transitOk(alice, tutorial!.id);
    expect(utm.crs).toBe('EPSG:25832');
    expect(utm.stops[0]!.coordinates).toEqual([...transformer('EPSG:25832')(xy(1050, 1050))]);
    expect(utm.stops[0]!.coordinates).not.toEqual(atlantis.stops[0]!.coordinates);
    expect(await derived(tutorial!.id)).toHaveLength(1);
    expect(await transitOk(alice, own!.id)).toEqual(ownBefore);
  });

  it("a schedule naming no CRS takes the one its scenario's network is drawn with (the network's own over the scenario's)", async () => {
    const scenario = await createScenario(t.app, alice, { key: `transit-${++keys}`, attributes: { __crs: 'Atlantis' } });
    const [network, schedule] = await uploadOk(t.app, alice, [
      { name: 'network-own-crs.xml', content: OWN_CRS_NETWORK },
      { name: 'schedule-beside-network.xml', content: await shared('pt-tutorial/transitschedule.xml') },
    ]);
    await attach(t.app, alice, scenario.id, network!.id);
    await attach(t.app, alice, scenario.id, schedule!.id);
    expect(await networkJob(t.app, alice, scenario.id)).toMatchObject({ status: 'FINISHED' });
    const data = await transitOk(alice, schedule!.id);
    expect(data.crs).toBe('EPSG:25832');
    expect(data.stops[0]!.coordinates).toEqual([...transformer('EPSG:25832')(xy(1050, 1050))]);
  });

  it('pt-waterloo (2,693 stops, 770 routes, in degrees without a CRS): the counts of the XML, stops in Waterloo, Ontario', async () => {
    const bytes = await shared('pt-waterloo/MappedTransitSchedule.xml.gz');
    const fileId = await inScenario('MappedTransitSchedule.xml.gz', bytes);
    const data = await transitOk(alice, fileId);
    expect(countedInAnswer(data)).toEqual(countedInXml(gunzipSync(bytes).toString('utf8')));
    expect(data.stops).toHaveLength(2693);
    expect(data.crs).toBeNull();
    expect(data.problem).toBeUndefined();
    for (const { coordinates: [lng, lat] } of data.stops) {
      expect(lng).toBeGreaterThan(-81);
      expect(lng).toBeLessThan(-80);
      expect(lat).toBeGreaterThan(43);
      expect(lat).toBeLessThan(44);
    }
    expect(data.stops[0]).toEqual({ id: '1002.link:41387', name: 'Frederick / Otto', coordinates: [-80.482913, 43.452995], isBlocking: false, linkId: '41387' });
  });

  it('metres without a CRS: the answer says the coordinates do not fit, as the network does', async () => {
    const fileId = await inScenario('schedule-no-crs.xml', await shared('pt-tutorial/transitschedule.xml'));
    const data = await transitOk(alice, fileId);
    expect(data.crs).toBeNull();
    expect(data.problem).toMatchObject({ kind: 'no-crs', crs: null });
  });

  it('404 for another group’s user, 401 signed out, 400 for a network, 400 naming an unreadable schedule', async () => {
    const fileId = await inScenario('schedule-hidden.xml', await shared('pt-tutorial/transitschedule.xml'), 'Atlantis');
    const hidden = await transit(bob, fileId);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('The file could not be found.');
    expect((await t.app.inject({ url: `${API}/datasets/files/${fileId}/transit` })).statusCode).toBe(401);

    const network = await inScenario('multimodalnetwork.xml', await shared('pt-tutorial/multimodalnetwork.xml'));
    const notSchedule = await transit(alice, network);
    expect(notSchedule.statusCode).toBe(400);
    expect(notSchedule.json().message).toBe(NO_TRANSIT_DATA);

    const xml = (await shared('pt-tutorial/transitschedule.xml')).toString('utf8');
    const broken = await inScenario('broken-schedule.xml', xml.slice(0, xml.indexOf('<departure id="05"')));
    const unreadable = await transit(alice, broken);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toMatch(/^The transit schedule "broken-schedule\.xml" could not be read: The XML ends early: unclosed tag: departures \(line \d+/);
    expect(await derived(broken)).toEqual([]);
  });

  it('413 for a schedule past the processing bound, and nothing stored', async () => {
    const small = await createTestApp({ processing: { summaryMaxBytes: 4096 } });
    try {
      const admin = await setupAdmin(small.app);
      const carol = await addUser(small.app, admin, 'carol');
      const [file] = await uploadOk(small.app, carol, [{ name: 'transitschedule.xml', content: await shared('pt-tutorial/transitschedule.xml') }]);
      const answer = await small.app.inject({ url: `${API}/datasets/files/${file!.id}/transit`, headers: { cookie: carol.cookie } });
      expect(answer.statusCode).toBe(413);
      expect(answer.json().message).toBe('The file is too large to process (it holds more than 4 KiB once decompressed).');
      const derivedFiles = await small.app.inject({ url: `${API}/datasets/files/${file!.id}/d`, headers: { cookie: carol.cookie } });
      expect(derivedFiles.json()).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

/** A v2 schedule naming its own CRS (UTM 32N, Munich), with stop areas (stop groups). */
const OWN_CRS_SCHEDULE = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE transitSchedule SYSTEM "http://www.matsim.org/files/dtd/transitSchedule_v2.dtd">
<transitSchedule>
  <attributes>
    <attribute name="coordinateReferenceSystem" class="java.lang.String">EPSG:25832</attribute>
  </attributes>
  <transitStops>
    <stopFacility id="a" x="691000" y="5334000" name="Hauptbahnhof" stopAreaId="central"/>
    <stopFacility id="b" x="692000" y="5335000" linkRefId="l2" isBlocking="true" stopAreaId="central"/>
  </transitStops>
  <transitLine id="U1" name="U-Bahn 1">
    <transitRoute id="out">
      <transportMode>subway</transportMode>
      <routeProfile>
        <stop refId="a" departureOffset="00:00:00"/>
        <stop refId="b" arrivalOffset="00:02:00"/>
      </routeProfile>
      <route/>
      <departures>
        <departure id="d1" departureTime="05:00:00"/>
      </departures>
    </transitRoute>
  </transitLine>
</transitSchedule>
`;

/** A network naming its own CRS (UTM 32N). */
const OWN_CRS_NETWORK = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE network SYSTEM "http://www.matsim.org/files/dtd/network_v2.dtd">
<network>
  <attributes>
    <attribute name="coordinateReferenceSystem" class="java.lang.String">EPSG:25832</attribute>
  </attributes>
  <nodes>
    <node id="1" x="691000" y="5334000"/>
    <node id="2" x="692000" y="5335000"/>
  </nodes>
  <links>
    <link id="l1" from="1" to="2" length="1414" freespeed="10" capacity="600" permlanes="1" modes="car"/>
  </links>
</network>
`;
