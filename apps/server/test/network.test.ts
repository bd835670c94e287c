import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { drawPlaceholder, type NetworkRenderer } from '../src/modules/network-processing/renderer.ts';
import { renderNetworkPreview } from '../src/previews/index.ts';
import { API, createTestApp, setupAdmin, type TestApp, type TestAppOptions } from './harness.ts';
import { addUser, attach, createScenario, networkJob, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

async function start(options: TestAppOptions = {}): Promise<Session> {
  t = await createTestApp(options);
  return addUser(t.app, await setupAdmin(t.app), 'alice');
}

async function scenarioWithNetwork(alice: Session, file = 'equil/network.xml') {
  const { id } = await createScenario(t.app, alice);
  const [network] = await uploadOk(t.app, alice, [{ name: path.basename(file), content: await readFile(path.join(SHARED_DATA, file)) }]);
  await attach(t.app, alice, id, network!.id);
  return { id, fileId: network!.id };
}

const get = (alice: Session, url: string) => t.app.inject({ url: `${API}${url}`, headers: { cookie: alice.cookie } });

describe('network post-processing', () => {
  it('renders the three network images and the map files (network.bin, network-info/info.json) after the network is attached and records the job', async () => {
    const alice = await start();
    const { id, fileId } = await scenarioWithNetwork(alice);
    const job = await networkJob(t.app, alice, id);
    expect(job).toMatchObject({ status: 'FINISHED', fileId });
    expect(Date.parse(job.updated as string)).not.toBeNaN();

    const derived = (await get(alice, `/datasets/files/${fileId}/d`)).json();
    expect(derived).toEqual([
      { type: 'model-area-screenshot.png', filename: 'model-area-screenshot.png' },
      { type: 'network-capacity.png', filename: 'network-capacity.png' },
      { type: 'network-info/info.json', filename: 'network-info/info.json' },
      { type: 'network-speed.png', filename: 'network-speed.png' },
      { type: 'network.bin', filename: 'network.bin' },
    ]);
    const image = await get(alice, `/datasets/files/${fileId}/d/network-capacity.png`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
    expect((await get(alice, `/datasets/files/${fileId}/d/nothing.png`)).statusCode).toBe(404);

    // A second scenario using the same network finishes without drawing again.
    const other = await createScenario(t.app, alice, { key: 'other' });
    await attach(t.app, alice, other.id, fileId);
    expect(await networkJob(t.app, alice, other.id)).toMatchObject({ status: 'FINISHED', fileId });
    expect((await get(alice, `/datasets/files/${fileId}/d`)).json()).toHaveLength(5);
    const summary = (await get(alice, '/datasets/scenarios')).json();
    expect(summary.map((s: { hasNetwork: boolean }) => s.hasNetwork)).toEqual([true, true]);
  });

  it('records FAILED with a message and keeps the log when the network cannot be drawn', async () => {
    const failing: NetworkRenderer = { placeholder: drawPlaceholder, render: async () => Promise.reject(new Error('out of paint')) };
    const alice = await start({ networkRenderer: failing });
    const { id, fileId } = await scenarioWithNetwork(alice);
    const job = await networkJob(t.app, alice, id);
    expect(job).toMatchObject({ status: 'FAILED', fileId, message: 'out of paint', logFile: 'network-processing.log' });
    const log = await get(alice, `/datasets/files/${fileId}/d/network-processing.log`);
    expect(log.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(log.body).toContain('out of paint');
  });
});

describe('scenario preview', () => {
  it('draws the network once and keeps it as a derived file; a placeholder without a network', async () => {
    let renders = 0;
    const counting: NetworkRenderer = { placeholder: drawPlaceholder, render: (content, options) => (renders++, renderNetworkPreview(content, options)) };
    const alice = await start({ networkRenderer: counting });
    const empty = await createScenario(t.app, alice, { key: 'empty' });
    const placeholder = await get(alice, `/datasets/scenarios/${empty.id}/preview.png`);
    expect(placeholder.statusCode).toBe(200);
    expect(placeholder.headers['content-type']).toBe('image/png');
    expect(placeholder.rawPayload.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
    expect(renders).toBe(0);

    const { id, fileId } = await scenarioWithNetwork(alice);
    await networkJob(t.app, alice, id);
    renders = 0;
    const [first, second] = await Promise.all([get(alice, `/datasets/scenarios/${id}/preview.png`), get(alice, `/datasets/scenarios/${id}/preview.png`)]);
    const third = await get(alice, `/datasets/scenarios/${id}/preview.png`);
    expect(renders).toBe(1);
    expect(first.rawPayload.equals(second.rawPayload) && first.rawPayload.equals(third.rawPayload)).toBe(true);
    expect(first.rawPayload.equals(placeholder.rawPayload)).toBe(false);
    const derived = (await get(alice, `/datasets/files/${fileId}/d`)).json().map((d: { filename: string }) => d.filename);
    expect(derived).toContain('preview.png');
    expect((await get(alice, '/datasets/scenarios/999999/preview.png')).statusCode).toBe(404);
  });
});

describe('networks as JSON and GeoJSON', () => {
  it('answers nodes and links, and links as LineStrings in the file CRS', async () => {
    const alice = await start();
    const [network, plans] = await uploadOk(t.app, alice, [
      { name: 'network.xml.gz', content: await readFile(path.join(SHARED_DATA, 'output-equil-2024/output_network.xml.gz')) },
      { name: 'plans.xml', content: await readFile(path.join(SHARED_DATA, 'equil/plans100.xml')) },
    ]);
    const json = (await get(alice, `/datasets/files/${network!.id}/as/json`)).json();
    expect(json.nodes).toHaveLength(15);
    expect(json.links).toHaveLength(23);
    expect(json.links[0]).toMatchObject({ id: '1', from: '1', to: '2', modes: ['car'] });

    const response = await get(alice, `/datasets/files/${network!.id}/as/geojson`);
    expect(response.headers['content-type']).toMatch(/^application\/geo\+json/);
    const geojson = response.json();
    expect(geojson.type).toBe('FeatureCollection');
    expect(geojson.features).toHaveLength(23);
    expect(geojson.features[0]).toMatchObject({ type: 'Feature', id: '1', geometry: { type: 'LineString' } });
    const node = (id: string) => json.nodes.find((n: { id: string }) => n.id === id);
    expect(geojson.features[0].geometry.coordinates).toEqual([
      [node('1').x, node('1').y],
      [node('2').x, node('2').y],
    ]);
    expect(geojson).toHaveProperty('crs');

    const notNetwork = await get(alice, `/datasets/files/${plans!.id}/as/geojson`);
    expect(notNetwork.statusCode).toBe(400);
    expect(notNetwork.json().message).toBe('Only network files can be converted to JSON or GeoJSON.');
    expect((await get(alice, `/datasets/files/${network!.id}/as/xml`)).statusCode).toBe(400);
  });

  it('names the CRS of a network that has one', async () => {
    const alice = await start();
    const [network] = await uploadOk(t.app, alice, [
      { name: 'network.xml.gz', content: await readFile(path.join(SHARED_DATA, 'output-newwest-2024/output_network.xml.gz')) },
    ]);
    const geojson = (await get(alice, `/datasets/files/${network!.id}/as/geojson`)).json();
    expect(geojson.crs).toEqual({ type: 'name', properties: { name: 'EPSG:26910' } });
    expect(geojson.features.length).toBeGreaterThan(100);
  });

  it('refuses networks over the link limit with 413', async () => {
    const alice = await start({ maxNetworkJsonLinks: 10 });
    const [network] = await uploadOk(t.app, alice, [{ name: 'network.xml', content: await readFile(path.join(SHARED_DATA, 'equil/network.xml')) }]);
    for (const format of ['json', 'geojson']) {
      const response = await get(alice, `/datasets/files/${network!.id}/as/${format}`);
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(`The network has more than 10 links, too many to send as ${format === 'json' ? 'JSON' : 'GeoJSON'}.`);
    }
  });
});
