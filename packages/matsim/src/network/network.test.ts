import { describe, expect, test } from 'vitest';
import { collectText } from '../xml/writer.ts';
import { sharedData } from '../../test/data.ts';
import { cut, formatError, gunzip, sharedBytes, sharedPlain, utf8 } from '../../test/variants.ts';
import { linkOrigId, linkType, type Link, type Node } from './model.ts';
import { readNetwork, streamNetwork, type NetworkInfo } from './reader.ts';
import { writeNetwork } from './writer.ts';

/** Every network under ../shared/data with its node and link counts (commented-out elements excluded). */
const NETWORKS: [string, number, number][] = [
  ['equil/network.xml', 15, 23],
  ['drt-mielec/network.xml', 214, 610],
  ['pt-tutorial/multimodalnetwork.xml', 19, 54],
  ['pt-waterloo/MultiModalNetwork.xml.gz', 19319, 49424],
  ['berlin-medium/network.xml.gz', 11566, 27664],
  ['output-equil-2022-txt/output_network.xml.gz', 15, 23],
  ['output-equil-2024/output_network.xml.gz', 15, 23],
  ['output-equil-2026-zst/output_network.xml.zst', 15, 23],
  ['output-equil-2026-zst/input/network.xml', 15, 23],
  ['output-newwest-2024/output_network.xml.gz', 35606, 72266],
];

describe('reading real networks', () => {
  test.each(NETWORKS)('%s has %d nodes and %d links', async (path, nodes, links) => {
    const network = await readNetwork(sharedData(path));
    expect(network.nodes.size).toBe(nodes);
    expect(network.links.size).toBe(links);
  });

  test('equil (v1): name, capperiod and link values as written', async () => {
    const network = await readNetwork(sharedData('equil/network.xml'));
    expect(network.name).toBe('equil test network');
    expect(network.capperiod).toBe(3600);
    expect(network.effectivecellsize).toBeUndefined();
    expect(network.crs).toBeUndefined();
    expect(network.nodes.get('3')).toEqual({ id: '3', x: -865, y: 5925 });
    expect(network.links.get('1')).toEqual({
      id: '1', from: '1', to: '2', length: 10000, freespeed: 27.78, capacity: 36000, permlanes: 1, oneway: true, modes: ['car'],
    });
  });

  test('berlin (v1): capperiod 12:00, node types and link origids as XML attributes', async () => {
    const network = await readNetwork(sharedData('berlin-medium/network.xml.gz'));
    expect(network.capperiod).toBe(12 * 3600);
    expect(network.nodes.get('18')).toMatchObject({ x: 4592973, y: 5822113, type: '90' });
    const link = network.links.get('3897')!;
    expect(link).toMatchObject({ from: '2856', to: '2857', length: 260, freespeed: 13.8888, capacity: 9650, origid: '3597' });
    expect(linkOrigId(link)).toBe('3597');
  });

  test('pt tutorial and waterloo: modes, capperiod 1:00:00, cell size and tiny lengths', async () => {
    const tutorial = await readNetwork(sharedData('pt-tutorial/multimodalnetwork.xml'));
    expect(tutorial.name).toBe('test network for transit tutorial');
    expect(tutorial.capperiod).toBe(3600);
    expect(tutorial.links.get('11')).toMatchObject({ from: '1', to: '1', modes: ['train'], freespeed: 100 });

    const waterloo = await readNetwork(sharedData('pt-waterloo/MultiModalNetwork.xml.gz'));
    expect(waterloo.effectivecellsize).toBe(7.5);
    expect(waterloo.effectivelanewidth).toBe(3.75);
    expect(waterloo.links.get('10')!.length).toBe(2.042069783259562e-4);
    expect(waterloo.links.get('10030')!.modes).toEqual(['bus', 'pt', 'car']);
    expect(waterloo.nodes.get('1009529344')).toEqual({ id: '1009529344', x: -80.4418821, y: 43.4728301 });
  });

  test('MATSim outputs (v2): CRS and typed link attributes', async () => {
    const equil = await readNetwork(sharedData('output-equil-2022-txt/output_network.xml.gz'));
    expect(equil.crs).toBe('EPSG:31468');
    expect(equil.attributes).toBeUndefined();
    expect(equil.links.get('1')!.attributes?.get('storageCapacityUsedInQsim')).toEqual({
      class: 'java.lang.Double',
      text: '3599.712023038157',
    });
    expect((await readNetwork(sharedData('output-equil-2026-zst/output_network.xml.zst'))).crs).toBe('Atlantis');

    const newwest = await readNetwork(sharedData('output-newwest-2024/output_network.xml.gz'));
    expect(newwest.crs).toBe('EPSG:26910');
    const link = newwest.links.get('10003260930000f')!;
    expect(link).toMatchObject({ from: '9233527512', to: '9233527514', length: 8, freespeed: 2.7777777777777777, permlanes: 1 });
    expect([...link.attributes!.keys()]).toEqual(['allowed_speed', 'origid', 'type']);
    expect(link.attributes!.get('origid')).toEqual({ class: 'java.lang.Long', text: '1000326093' });
    expect(linkType(link)).toBe('service');
    expect(link.type).toBeUndefined();
  });
});

describe('writing networks', () => {
  test.each(NETWORKS.map(([path]) => path))('%s: read → write → read keeps every value', async (path) => {
    const network = await readNetwork(sharedData(path));
    const text = await collectText(writeNetwork(network));
    expect(text).toContain('network_v2.dtd');
    expect(await readNetwork(utf8(text))).toEqual(network);
  });

  test.each([
    'output-equil-2022-txt/output_network.xml.gz',
    'output-equil-2024/output_network.xml.gz',
    'output-newwest-2024/output_network.xml.gz',
  ])('%s is written back byte for byte as MATSim wrote it', async (path) => {
    const original = new TextDecoder().decode(await sharedPlain(path));
    expect(await collectText(writeNetwork(await readNetwork(sharedData(path))))).toBe(original);
  });

  test('nodes and links are sorted by id as MATSim does, unless asked to keep the order', async () => {
    const network = await readNetwork(sharedData('equil/network.xml'));
    const ids = (text: string) => [...text.matchAll(/<link id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids(await collectText(writeNetwork(network))).slice(0, 4)).toEqual(['1', '10', '11', '12']);
    expect(ids(await collectText(writeNetwork(network, { sort: false }))).slice(0, 4)).toEqual(['1', '2', '3', '4']);
  });

  test('v1 extras (node type, link origid/volume, a closed link) and fractional capperiod survive', async () => {
    const xml = `<?xml version="1.0"?><network type="roads" xml:lang="en">
      <nodes><node id="a" x="0" y="0" z="12.5" type="t" origid="o"/><node id="b" x="1e3" y="2"/></nodes>
      <links capperiod="01:00:00.5" capDivider="1">
        <link id="l" from="a" to="b" length="1000.00" freespeed="13.9" capacity="1800" permlanes="2" oneway="0"
              modes="car, bike" origid="7" type="primary" volume="120" nt_type="x &amp; y"/>
      </links></network>`;
    const network = await readNetwork(utf8(xml));
    expect(network.extra).toEqual({ type: 'roads', 'xml:lang': 'en' });
    expect(network.capperiod).toBe(3600.5);
    expect(network.nodes.get('a')).toEqual({ id: 'a', x: 0, y: 0, z: 12.5, type: 't', origid: 'o' });
    expect(network.links.get('l')).toEqual({
      id: 'l', from: 'a', to: 'b', length: 1000, freespeed: 13.9, capacity: 1800, permlanes: 2, oneway: false,
      modes: ['car', 'bike'], origid: '7', type: 'primary', extra: { volume: '120', nt_type: 'x & y' },
    });
    expect(await readNetwork(utf8(await collectText(writeNetwork(network))))).toEqual(network);
  });
});

describe('streaming', () => {
  test('callbacks see every node and link, and the header before the first link', async () => {
    let nodes = 0;
    let links = 0;
    let header: NetworkInfo | undefined;
    let linksBeforeHeader = 0;
    const info = await streamNetwork(sharedData('output-newwest-2024/output_network.xml.gz'), {
      onNode: () => nodes++,
      onLink: () => links++,
      onLinksStart: (seen) => {
        header = { ...seen };
        linksBeforeHeader = links;
      },
    });
    expect([nodes, links, linksBeforeHeader]).toEqual([35606, 72266, 0]);
    expect(header).toEqual({ crs: 'EPSG:26910', capperiod: 3600, effectivecellsize: 7.5, effectivelanewidth: 3.75 });
    expect(info).toEqual(header);
  });

  test('a link is handed over complete, with its attributes', async () => {
    const seen: Link[] = [];
    const nodes: Node[] = [];
    await streamNetwork(sharedData('output-equil-2024/output_network.xml.gz'), {
      onLink: (link) => seen.push(link),
      onNode: (node) => nodes.push(node),
    });
    expect(seen.find((link) => link.id === '1')!.attributes?.has('storageCapacityUsedInQsim')).toBe(true);
    expect(nodes[0]).toEqual({ id: '1', x: -20000, y: 0 });
  });
});

describe('bad input', () => {
  test('another MATSim file is refused by its root element', async () => {
    const error = await formatError(readNetwork(sharedData('equil/plans100.xml')), 'unexpected-root');
    expect(error.message).toContain('<plans>');
  });

  test('a truncated gzip of a real network is reported as truncated', async () => {
    await formatError(readNetwork(cut(sharedBytes('berlin-medium/network.xml.gz'))), 'truncated');
    await formatError(readNetwork(cut(sharedBytes('output-equil-2026-zst/output_network.xml.zst'), 0.7)), 'truncated');
  });

  test('a network cut mid-document (decompressed) is truncated, and damaged gzip is an error', async () => {
    const plain = gunzip(sharedBytes('pt-waterloo/MultiModalNetwork.xml.gz'));
    await formatError(readNetwork(cut(plain, 0.6)), 'truncated', 'malformed-xml');
    const damaged = sharedBytes('berlin-medium/network.xml.gz').slice();
    damaged.fill(0x55, 2000, 2400);
    await formatError(readNetwork(damaged), 'corrupt-compression', 'malformed-xml', 'truncated');
  });

  test('a non-numeric length names the element and the line', async () => {
    const xml = '<network>\n<nodes><node id="a" x="0" y="0"/><node id="b" x="1" y="1"/></nodes>\n<links>\n' +
      '<link id="l" from="a" to="b" length="long" freespeed="1" capacity="1" permlanes="1"/></links></network>';
    const error = await formatError(readNetwork(utf8(xml)), 'invalid-value');
    expect(error.message).toContain('length="long"');
    expect(error.line).toBe(4);
  });

  test('links to unknown nodes and duplicate ids are errors, as in MATSim', async () => {
    const links = (body: string) =>
      utf8(`<network><nodes><node id="a" x="0" y="0"/><node id="b" x="1" y="1"/></nodes><links>${body}</links></network>`);
    const link = (id: string, to = 'b') => `<link id="${id}" from="a" to="${to}" length="1" freespeed="1" capacity="1" permlanes="1"/>`;
    expect((await formatError(readNetwork(links(link('l', 'zz'))), 'invalid-value')).message).toContain('"zz"');
    expect((await formatError(readNetwork(links(link('l') + link('l'))), 'invalid-value')).message).toContain('Duplicate link');
  });

  test('a DOCTYPE declaring entities is refused', async () => {
    const xml = '<!DOCTYPE network [<!ENTITY x SYSTEM "file:///etc/passwd">]><network><nodes/><links/></network>';
    await formatError(readNetwork(utf8(xml)), 'forbidden-doctype');
  });
});
