/**
 * Every real input file of the shared data (and a few run outputs) goes through the upload: each is stored
 * byte for byte and gets the data-type tag its content says. The table must list exactly the files present in
 * the input folders, so a new data file fails here until someone decides its tag.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { EXPECTED_TAGS } from '../../../packages/matsim/test/expected-tags.ts';
import { addUser, filesBelow, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

const INPUT_FOLDERS = ['equil', 'pt-tutorial', 'drt-mielec', 'berlin-medium', 'configs'];

/** The shared data's expected tags, limited to the input folders uploaded here. */
const EXPECTED: Record<string, string | null> = Object.fromEntries(
  Object.entries(EXPECTED_TAGS).filter(([file]) => INPUT_FOLDERS.some((folder) => file.startsWith(`${folder}/`))),
);

const OUTPUTS: Record<string, string> = {
  'output-equil-2024/output_network.xml.gz': 'network_v2',
  'output-equil-2024/output_events.xml.gz': 'events_v1',
  'output-equil-2024/output_trips.csv.gz': 'trips',
  'output-equil-2024/scorestats.csv': 'scorestats',
  'output-equil-2024/logfile.log': 'log',
  'output-equil-2022-txt/modestats.txt': 'modestats',
  'output-equil-2026-zst/output_plans.xml.zst': 'population_v6',
  'output-equil-2026-zst/output_experienced_plans_scores.txt.zst': 'experienced_plans_scores',
  'output-newwest-2024/output_vehicles.xml.gz': 'vehicleDefinitions_v2',
};

let t: TestApp;
let alice: Session;
beforeAll(async () => {
  t = await createTestApp();
  alice = await addUser(t.app, await setupAdmin(t.app), 'alice');
});
afterAll(() => t?.close());

describe('uploading the shared data', () => {
  it('lists exactly the files of the input folders', async () => {
    const present = (await Promise.all(INPUT_FOLDERS.map(async (folder) => (await filesBelow(path.join(SHARED_DATA, folder))).map((f) => `${folder}/${f}`)))).flat();
    expect(present.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(INPUT_FOLDERS)('stores every file of %s with its tag and its exact bytes', async (folder) => {
    const names = Object.keys(EXPECTED).filter((name) => name.startsWith(`${folder}/`));
    await checkUpload(Object.fromEntries(names.map((name) => [name, EXPECTED[name]!])));
  });

  it('stores run outputs with their tags (gzip and zstd)', async () => {
    await checkUpload(OUTPUTS);
  });
});

async function checkUpload(expected: Record<string, string | null>): Promise<void> {
  const names = Object.keys(expected);
  const contents = await Promise.all(names.map((name) => readFile(path.join(SHARED_DATA, name))));
  const files = await uploadOk(
    t.app,
    alice,
    names.map((name, i) => ({ name: path.basename(name), content: contents[i]! })),
  );
  expect(files.map((f) => f.name)).toEqual(names.map((name) => path.basename(name)));
  for (const [i, file] of files.entries()) {
    const name = names[i]!;
    expect({ name, tag: file.tag }).toEqual({ name, tag: expected[name] });
    expect((file as unknown as { size: number }).size, name).toBe(contents[i]!.length);
    const download = await t.app.inject({ url: `${API}/datasets/files/${file.id}?dl=1`, headers: { cookie: alice.cookie } });
    expect(download.statusCode, name).toBe(200);
    expect(download.rawPayload.equals(contents[i]!), `${name} comes back byte for byte`).toBe(true);
  }
}
