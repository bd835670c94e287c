/**
 * Issue 24: activity facilities (facilities.inputFacilitiesFile with facilitiesSource=fromFile) and activities
 * whose link is not in the network. Equil with a facilities file runs with the same events as without; activities
 * at facilities take the facility's link (or the nearest to its coordinate); an activity on a deleted link moves to
 * the nearest remaining link by its coordinates, and one without coordinates stops the run naming person, activity
 * and link.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readNetwork, type Facilities, type Person, type Plan } from '@corridor/matsim';
import { describe, expect, it } from 'vitest';
import { runEngine } from '../controler/run.ts';
import { buildSimNetwork } from './network.ts';
import { sharedData } from './test-data.ts';
import { assignLinks, type MovedActivity } from './xy2links.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'engine-facilities-'));

/** MATSim equil's facilities: home at link 1, work at link 20, with opening times (not used by MATSim's default scoring). */
const EQUIL_FACILITIES = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE facilities SYSTEM "http://www.matsim.org/files/dtd/facilities_v2.dtd">
<facilities name="equil">
  <facility id="1" linkId="1" x="-25000.0" y="0.0"><activity type="h"><opentime day="wkday" start_time="00:00:00" end_time="24:00:00" /></activity></facility>
  <facility id="20" linkId="20" x="10000.0" y="0.0"><activity type="w"><capacity value="100" /><opentime day="wkday" start_time="07:00:00" end_time="18:00:00" /></activity></facility>
</facilities>
`;

/** Equil's config in `dir` with absolute input paths and the extra modules; answers its path. */
function equilConfig(dir: string, extra = '', replace: (text: string) => string = (text) => text): string {
  const text = readFileSync(sharedData('equil/config.xml'), 'utf8')
    .replaceAll('value="network.xml"', `value="${sharedData('equil/network.xml')}"`)
    .replaceAll('value="plans100.xml"', `value="${sharedData('equil/plans100.xml')}"`)
    .replace('</config>', `${extra}\n</config>`);
  writeFileSync(join(dir, 'config.xml'), replace(text));
  return join(dir, 'config.xml');
}

const events = (output: string) => gunzipSync(readFileSync(join(output, 'output_events.xml.gz'))).toString('utf8');
const lastIteration = [{ module: 'controller', param: 'lastIteration', value: '2' }];

describe('the engine with activity facilities', () => {
  it('runs equil with its facilities file (fromFile) with exactly the events of equil without it', { timeout: 120_000 }, async () => {
    const plain = tempDir();
    await runEngine({ configPath: equilConfig(plain), overrides: lastIteration, outputDir: join(plain, 'out') });
    const withFacilities = tempDir();
    writeFileSync(join(withFacilities, 'facilities.xml'), EQUIL_FACILITIES);
    const facilities = '<module name="facilities"><param name="inputFacilitiesFile" value="facilities.xml" /><param name="facilitiesSource" value="fromFile" /></module>';
    await runEngine({ configPath: equilConfig(withFacilities, facilities), overrides: lastIteration, outputDir: join(withFacilities, 'out') });
    const expected = events(join(plain, 'out'));
    expect(expected.length).toBeGreaterThan(10_000);
    expect(events(join(withFacilities, 'out'))).toBe(expected);
  });

  it('refuses facilitiesSource values it does not model, naming them', async () => {
    const dir = tempDir();
    const config = equilConfig(dir, '<module name="facilities"><param name="facilitiesSource" value="onePerActivityLinkInPlansFile" /></module>');
    await expect(runEngine({ configPath: config, outputDir: join(dir, 'out') })).rejects.toThrow(/facilities\.facilitiesSource=onePerActivityLinkInPlansFile \(facilities made from the plans/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('names the missing file when fromFile has none', async () => {
    const dir = tempDir();
    const config = equilConfig(dir, '<module name="facilities"><param name="facilitiesSource" value="fromFile" /></module>');
    await expect(runEngine({ configPath: config, outputDir: join(dir, 'out') })).rejects.toThrow('The config names no facilities.inputFacilitiesFile (facilities.facilitiesSource=fromFile).');
  });
});

const person = (id: string, activities: Plan['elements']): Person => ({ id, plans: [{ selected: true, elements: activities }] }) as Person;
const act = (type: string, where: { link?: string; facility?: string; x?: number; y?: number }) => ({ kind: 'activity' as const, type, ...where });

describe('assignLinks: facilities and links missing from the network', async () => {
  const network = buildSimNetwork(await readNetwork(sharedData('equil/network.xml')));
  const facilities: Facilities = {
    facilities: new Map([
      ['home', { id: 'home', linkId: '1', x: -25000, y: 0, activities: [] }],
      ['work', { id: 'work', x: 7000, y: 0, activities: [] }],
      ['gone', { id: 'gone', linkId: 'deleted', x: 7000, y: 0, activities: [] }],
    ]),
  };

  it("puts activities at a facility on its link, else on the nearest link to the facility's coordinate", () => {
    const p = person('7', [act('h', { facility: 'home' }), act('w', { facility: 'work' }), act('w', { facility: 'gone', link: '5' })]);
    expect(assignLinks([p], network, { facilities })).toBe(3);
    expect(p.plans[0]!.elements.map((e) => (e.kind === 'activity' ? e.link : ''))).toEqual(['1', '20', '20']);
  });

  it('moves an activity on a deleted link to the nearest remaining link by its coordinates, reporting it', () => {
    const moved: MovedActivity[] = [];
    const p = person('7', [act('h', { link: '1', x: -25000, y: 0 }), act('w', { link: 'deleted-20', x: 7000, y: 0 })]);
    assignLinks([p], network, { onMoved: (m) => moved.push(m) });
    expect(moved).toEqual([{ person: '7', activity: 2, type: 'w', from: 'deleted-20', to: '20' }]);
  });

  it('stops with the person, the activity and the link, and what to do, when there are no coordinates', () => {
    const p = person('7', [act('h', { link: '1' }), act('work', { link: '99' })]);
    expect(() => assignLinks([p], network)).toThrow(
      'Person 7, activity 2 (work): link 99 is not in the network, and the activity has no coordinates to find another. Restore link 99 in the network, give the activity coordinates (x, y) so that it gets the nearest link, or change the person\'s plans.',
    );
    const atUnknownFacility = person('8', [act('h', { facility: 'nowhere' })]);
    expect(() => assignLinks([atUnknownFacility], network)).toThrow(
      'Person 8, activity 1 (h) has neither a link nor coordinates. Its facility nowhere is not in a facilities file (the config reads none: facilities.facilitiesSource=fromFile with facilities.inputFacilitiesFile). Give the activity a link of the network or coordinates (x, y).',
    );
  });
});

describe('a link deleted from the network', () => {
  it("re-routes the plans' routes through it instead of failing", { timeout: 120_000 }, async () => {
    const dir = tempDir();
    // plans100's node routes "2 7 12" drive link 6 (node 2 → 7).
    const network = readFileSync(sharedData('equil/network.xml'), 'utf8').replace(/<link id="6" [^>]*\/>/, '');
    expect(network).not.toContain('<link id="6" ');
    writeFileSync(join(dir, 'network.xml'), network);
    const config = equilConfig(dir, '', (text) => text.replace(`value="${sharedData('equil/network.xml')}"`, `value="${join(dir, 'network.xml')}"`));
    await runEngine({ configPath: config, overrides: [{ module: 'controller', param: 'lastIteration', value: '0' }], outputDir: join(dir, 'out') });
    const written = events(join(dir, 'out'));
    expect(written).toMatch(/type="arrival" person="1"/);
    expect(written).not.toMatch(/link="6"/);
  });
});
