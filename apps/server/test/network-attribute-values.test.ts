/**
 * The categorical filter's values (spec 2 §2 Filters; the call is ours, docs/decisions.md):
 * GET /datasets/network/{fileId}/attributes/{name}/values on pt-waterloo (links with several modes each) and on a
 * generated network with more distinct street names than the answer holds. Expected values are counted here from
 * the XML text, independently of post-processing and the binary form.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { NETWORK_ATTRIBUTE_VALUES_MAX } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, createScenario, networkJob, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

const WATERLOO = path.join(SHARED_DATA, 'pt-waterloo/MultiModalNetwork.xml.gz');
/** More distinct names than one answer holds. */
const STREETS = NETWORK_ATTRIBUTE_VALUES_MAX + 5;

let t: TestApp;
let alice: Session;
let bob: Session;
let waterlooId: number;
let waterlooXml: string;
let streetsId: number;

/** Links i → i+1 on a line, each with a string attribute `street` ("Street 1", …) and, every 7th, a `surface`. */
function streetsNetwork(): string {
  const nodes = Array.from({ length: STREETS + 1 }, (_, i) => `<node id="n${i}" x="${i * 10}" y="0"/>`).join('\n');
  const links = Array.from({ length: STREETS }, (_, i) => {
    const surface = i % 7 === 0 ? `<attribute name="surface" class="java.lang.String">${i % 2 ? 'gravel' : 'Asphalt'}</attribute>` : '';
    return `<link id="l${i}" from="n${i}" to="n${i + 1}" length="10" freespeed="10" capacity="600" permlanes="1" modes="car,bike">
<attributes><attribute name="street" class="java.lang.String">Street ${i + 1}</attribute>${surface}</attributes></link>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE network SYSTEM "http://www.matsim.org/files/dtd/network_v2.dtd">\n<network>\n<nodes>\n${nodes}\n</nodes>\n<links>\n${links}\n</links>\n</network>\n`;
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
  const content = await readFile(WATERLOO);
  waterlooXml = gunzipSync(content).toString('utf8');
  const waterloo = await createScenario(t.app, alice, { key: 'waterloo' });
  const streets = await createScenario(t.app, alice, { key: 'streets' });
  const [w, s] = await uploadOk(t.app, alice, [
    { name: 'waterloo.xml.gz', content },
    { name: 'streets.xml', content: streetsNetwork() },
  ]);
  waterlooId = w!.id;
  streetsId = s!.id;
  await attach(t.app, alice, waterloo.id, waterlooId);
  await attach(t.app, alice, streets.id, streetsId);
  expect(await networkJob(t.app, alice, waterloo.id)).toMatchObject({ status: 'FINISHED' });
  expect(await networkJob(t.app, alice, streets.id)).toMatchObject({ status: 'FINISHED' });
}, 180_000);
afterAll(() => t?.close());

const values = (session: Session, fileId: number, name: string) =>
  t.app.inject({ url: `${API}/datasets/network/${fileId}/attributes/${encodeURIComponent(name)}/values`, headers: { cookie: session.cookie } });

describe('GET /datasets/network/{fileId}/attributes/{name}/values', () => {
  it('answers the single modes of the comma-separated lists, sorted', async () => {
    const lists = [...waterlooXml.matchAll(/<link [^>]*modes="([^"]*)"/g)].map((m) => m[1]!);
    expect(lists.length).toBeGreaterThan(1000);
    const expected = [...new Set(lists.flatMap((l) => l.split(',')))].sort((a, b) => a.localeCompare(b, 'en'));
    expect(expected).toEqual(['artificial', 'bus', 'car', 'pt']);
    const response = await values(alice, waterlooId, 'modes');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ values: expected, truncated: false });
  });

  it('answers at most NETWORK_ATTRIBUTE_VALUES_MAX values, in natural order, and says truncated', async () => {
    const response = await values(alice, streetsId, 'street');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.truncated).toBe(true);
    // Numbers inside names sort by value: Street 1, 2, …, 9, 10, … (not 1, 10, 100, …).
    expect(answer.values).toEqual(Array.from({ length: NETWORK_ATTRIBUTE_VALUES_MAX }, (_, i) => `Street ${i + 1}`));
  });

  it('answers an attribute only some links have, case-insensitively sorted, not truncated', async () => {
    const response = await values(alice, streetsId, 'surface');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ values: ['Asphalt', 'gravel'], truncated: false });
    expect((await values(alice, streetsId, 'modes')).json()).toEqual({ values: ['bike', 'car'], truncated: false });
  });

  it('is 400 for a numeric or unknown attribute, 404 without access to the file', async () => {
    const numeric = await values(alice, waterlooId, 'capacity');
    expect(numeric.statusCode).toBe(400);
    expect(numeric.json().message).toBe('"capacity" is numeric: only categorical link attributes have a list of values.');
    const unknown = await values(alice, waterlooId, 'surface');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The network has no link attribute "surface".');
    expect((await values(bob, waterlooId, 'modes')).statusCode).toBe(404);
    expect((await values(bob, waterlooId, 'capacity')).statusCode).toBe(404);
  });
});
