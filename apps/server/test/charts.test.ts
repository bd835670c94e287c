/**
 * Charts (spec 3 §2.3, §3 "Chart", §7 "Charts", §9): save with a preview picture that the server checks and
 * re-encodes (500×350 preview, 200×150 thumbnail, jpeg), update, read, list, delete; broken pictures refused
 * with nothing stored; group and dataset access. Through HTTP against a real database and blob store.
 */
import { CHART_LIMITS, type ChartAnswer } from '@corridor/contract';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { PREVIEW_NOT_AN_IMAGE, PREVIEW_TOO_LARGE } from '../src/modules/charts/preview-image.ts';
import { createOk, fullChart, groupWorld, pictureDataUrl, type Caller } from './dashboard-fixtures.ts';
import { API, type TestApp } from './harness.ts';
import { ok } from './runner-client.ts';
import { filesBelow, type Session } from './workspace-helpers.ts';

let t: TestApp;
let admin: Session;
let alice: Session;
let bob: Session;
let carol: Session;
let team: number;
let aliceScenario: number;
let teamScenario: number;
let bobScenario: number;
let call: Caller;

beforeAll(async () => {
  ({ t, admin, alice, bob, carol, team, aliceScenario, teamScenario, bobScenario, call } = await groupWorld());
});
afterAll(() => t?.close());

const blobs = () => filesBelow(path.join(t.config.dataDir, 'files'));

async function imageSize(url: string, session: Session) {
  const response = await t.app.inject({ url, headers: { cookie: session.cookie } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/jpeg');
  expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  const image = await loadImage(response.rawPayload);
  return { width: image.width, height: image.height };
}

describe('charts: save, read, list, update, delete', () => {
  it('keeps the chart and makes a 500×350 preview and a 200×150 thumbnail from the picture', async () => {
    // A high-density screen's picture (2×) and a png: both become the jpegs of spec 3 §9.
    const id = await createOk(t.app, alice.cookie, 'charts', { chart: fullChart(alice.groupId, aliceScenario), previewImg: pictureDataUrl(1000, 700) });
    const got = ok<ChartAnswer>(await call(alice, 'GET', `/datasets/charts/${id}`), 'get');
    const { id: _id, ...sent } = { ...fullChart(alice.groupId, aliceScenario), id: 0 };
    expect(got).toMatchObject({ ...sent, id, previewUrl: `${API}/datasets/charts/${id}/preview.jpg`, thumbnailUrl: `${API}/datasets/charts/${id}/thumbnail.jpg` });
    expect(await imageSize(got.previewUrl!, alice)).toEqual(CHART_LIMITS.preview);
    expect(await imageSize(got.thumbnailUrl!, alice)).toEqual(CHART_LIMITS.thumbnail);

    const list = ok<ChartAnswer[]>(await call(alice, 'GET', `/datasets/groups/${alice.groupId}/charts`), 'list');
    expect(list.map((c) => c.id)).toContain(id);
  });

  it('an update without a picture keeps the old one; with one it replaces it and removes the old blobs', async () => {
    const id = await createOk(t.app, alice.cookie, 'charts', { chart: fullChart(alice.groupId, aliceScenario), previewImg: pictureDataUrl(500, 350, 'jpeg') });
    const before = await blobs();
    const renamed = ok<ChartAnswer>(await call(alice, 'PUT', `/datasets/charts/${id}`, { chart: { ...fullChart(alice.groupId, aliceScenario), name: 'Renamed', type: 'line' } }), 'put');
    expect(renamed).toMatchObject({ name: 'Renamed', type: 'line' });
    expect(renamed.previewUrl).not.toBeNull();
    expect(await blobs()).toEqual(before);

    ok(await call(alice, 'PUT', `/datasets/charts/${id}`, { chart: fullChart(alice.groupId, aliceScenario), previewImg: pictureDataUrl(400, 300) }), 'new picture');
    expect((await blobs()).length).toBe(before.length);
    expect(await imageSize(`${API}/datasets/charts/${id}/thumbnail.jpg`, alice)).toEqual(CHART_LIMITS.thumbnail);

    ok(await call(alice, 'DELETE', `/datasets/charts/${id}`), 'delete');
    expect((await blobs()).length).toBe(before.length - 2);
    expect((await call(alice, 'GET', `/datasets/charts/${id}`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', `/datasets/charts/${id}/preview.jpg`)).statusCode).toBe(404);
  });

  it('a chart saved without a picture has no picture addresses and its pictures are 404', async () => {
    const id = await createOk(t.app, alice.cookie, 'charts', { chart: fullChart(alice.groupId, aliceScenario) });
    const got = ok<ChartAnswer>(await call(alice, 'GET', `/datasets/charts/${id}`), 'get');
    expect(got).toMatchObject({ previewUrl: null, thumbnailUrl: null });
    const preview = await call(alice, 'GET', `/datasets/charts/${id}/preview.jpg`);
    expect(preview.statusCode).toBe(404);
    expect(preview.json().message).toBe('The chart has no preview image.');
  });
});

describe('broken pictures are refused with 400 and nothing is stored', () => {
  const broken: [string, string, string][] = [
    ['text posing as a png', `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}`, PREVIEW_NOT_AN_IMAGE],
    ['a truncated png', pictureDataUrl(500, 350).slice(0, 200), PREVIEW_NOT_AN_IMAGE],
    ['a truncated jpeg', pictureDataUrl(500, 350, 'jpeg').slice(0, 400), PREVIEW_NOT_AN_IMAGE],
    ['a gif', `data:image/png;base64,${Buffer.from('GIF89a\u0001\u0000\u0001\u0000').toString('base64')}`, PREVIEW_NOT_AN_IMAGE],
    ['a png header claiming 100000×100000 pixels', `data:image/png;base64,${hugePngHeader().toString('base64')}`, PREVIEW_TOO_LARGE],
    ['a picture larger than the limit', pictureDataUrl(5000, 10), PREVIEW_TOO_LARGE],
  ];
  it.each(broken)('%s', async (_what, previewImg, message) => {
    const before = await blobs();
    const list = ok<ChartAnswer[]>(await call(alice, 'GET', `/datasets/groups/${alice.groupId}/charts`), 'list').length;
    const response = await call(alice, 'POST', '/datasets/charts', { chart: fullChart(alice.groupId, aliceScenario), previewImg });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await blobs()).toEqual(before);
    expect(ok<ChartAnswer[]>(await call(alice, 'GET', `/datasets/groups/${alice.groupId}/charts`), 'list').length).toBe(list);
  });

  it('a data URL that is not base64 jpeg/png, or larger than the limit, is refused by the contract', async () => {
    for (const previewImg of ['data:image/gif;base64,R0lGOD', 'data:image/png;base64,@@@', `data:image/png;base64,${'A'.repeat(CHART_LIMITS.previewMaxBytes)}`]) {
      const response = await call(alice, 'POST', '/datasets/charts', { chart: fullChart(alice.groupId, aliceScenario), previewImg });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('body/previewImg');
    }
  });

  it('a broken picture on update leaves the chart as it was', async () => {
    const id = await createOk(t.app, alice.cookie, 'charts', { chart: fullChart(alice.groupId, aliceScenario), previewImg: pictureDataUrl(500, 350) });
    const response = await call(alice, 'PUT', `/datasets/charts/${id}`, { chart: { ...fullChart(alice.groupId, aliceScenario), name: 'Changed' }, previewImg: broken[0]![1] });
    expect(response.statusCode).toBe(400);
    expect(ok<ChartAnswer>(await call(alice, 'GET', `/datasets/charts/${id}`), 'get').name).toBe('Trips by mode');
  });
});

describe('access', () => {
  it("another user's charts are 404 for every call; signed out is 401", async () => {
    const id = await createOk(t.app, alice.cookie, 'charts', { chart: fullChart(alice.groupId, aliceScenario, 'Secret chart'), previewImg: pictureDataUrl(500, 350) });
    for (const [method, url, payload] of [
      ['GET', `/datasets/charts/${id}`],
      ['GET', `/datasets/charts/${id}/preview.jpg`],
      ['GET', `/datasets/charts/${id}/thumbnail.jpg`],
      ['PUT', `/datasets/charts/${id}`, { chart: fullChart(bob.groupId, bobScenario) }],
      ['DELETE', `/datasets/charts/${id}`],
      ['GET', `/datasets/groups/${alice.groupId}/charts`],
      ['POST', '/datasets/charts', { chart: fullChart(alice.groupId, bobScenario) }],
    ] as const) {
      const response = await call(bob, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Secret');
    }
    expect((await call(null, 'GET', `/datasets/charts/${id}`)).statusCode).toBe(401);
    expect(ok<ChartAnswer>(await call(admin, 'GET', `/datasets/charts/${id}`), 'admin').name).toBe('Secret chart');
  });

  it('a chart over a dataset the caller cannot read is refused; a team member uses the team chart', async () => {
    const refused = await call(alice, 'POST', '/datasets/charts', { chart: fullChart(alice.groupId, bobScenario) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('The dataset could not be found.');

    const id = await createOk(t.app, alice.cookie, 'charts', { chart: fullChart(team, teamScenario), previewImg: pictureDataUrl(500, 350) });
    expect(ok<ChartAnswer[]>(await call(carol, 'GET', `/datasets/groups/${team}/charts`), 'list').map((c) => c.id)).toContain(id);
    ok(await call(carol, 'PUT', `/datasets/charts/${id}`, { chart: { ...fullChart(team, teamScenario), name: 'By Carol' } }), 'carol saves');
    expect(await imageSize(`${API}/datasets/charts/${id}/preview.jpg`, carol)).toEqual(CHART_LIMITS.preview);

    // A team chart over Alice's own scenario: Carol cannot read that dataset, so she neither lists nor opens it.
    const own = await createOk(t.app, alice.cookie, 'charts', { chart: fullChart(team, aliceScenario) });
    expect(ok<ChartAnswer[]>(await call(carol, 'GET', `/datasets/groups/${team}/charts`), 'list').map((c) => c.id)).not.toContain(own);
    expect((await call(carol, 'GET', `/datasets/charts/${own}`)).statusCode).toBe(404);
    ok(await call(carol, 'DELETE', `/datasets/charts/${id}`), 'carol deletes');
  });

  it('hostile names are kept as text; a NUL is a 400 naming the field', async () => {
    const name = `x'); DROP TABLE charts; -- "y"`;
    const id = await createOk(t.app, alice.cookie, 'charts', { chart: { ...fullChart(alice.groupId, aliceScenario), name, table: `t"; DELETE FROM charts; --` } });
    expect(ok<ChartAnswer>(await call(alice, 'GET', `/datasets/charts/${id}`), 'get')).toMatchObject({ name, table: `t"; DELETE FROM charts; --` });
    const nul = await call(alice, 'POST', '/datasets/charts', { chart: { ...fullChart(alice.groupId, aliceScenario), name: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/body\/chart\/name: .*control characters/);
  });
});

/** A PNG signature and an IHDR chunk declaring an enormous image: refused before anything is decoded. */
function hugePngHeader(): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(100_000, 16);
  header.writeUInt32BE(100_000, 20);
  return header;
}
