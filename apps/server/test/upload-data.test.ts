/**
 * Every real input file of the shared data (and a few run outputs) goes through the upload: each is stored
 * byte for byte and gets the data-type tag its content says. The table must list exactly the files present in
 * the input folders, so a new data file fails here until someone decides its tag.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, filesBelow, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

const INPUT_FOLDERS = ['equil', 'pt-tutorial', 'drt-mielec', 'berlin-medium', 'configs'];

const EXPECTED: Record<string, string | null> = {
  'berlin-medium/SOURCE.md': null,
  'berlin-medium/config.xml': 'config_v2',
  'berlin-medium/network.xml.gz': 'network_v1',
  'berlin-medium/plans_hwh_1pct.xml.gz': 'plans_v4',
  'berlin-medium/upstream-README.txt': null,
  'configs/SOURCE.md': null,
  'configs/new-naming/equil_config_2025.xml': 'config_v2',
  'configs/new-naming/mielec_stop_based_drt_config.xml': 'config_v2',
  'configs/new-naming/output_config_matsim2024.xml': 'config_v2',
  'configs/new-naming/output_config_reduced_matsim2024.xml': 'config_v2',
  'configs/new-naming/output_config_reduced_matsim2026.xml': 'config_v2',
  'configs/old-naming/equil-mixedTraffic_config-with-mode-vehicles.xml': 'config_v2',
  'configs/old-naming/equil_config_2021.xml': 'config_v2',
  'configs/old-naming/mielec_drt_config_2023.xml': 'config_v2',
  'configs/old-naming/output_config_matsim14-2022.xml': 'config_v2',
  'configs/old-naming/output_config_reduced_matsim14-2022.xml': 'config_v2',
  'drt-mielec/SOURCE.md': null,
  'drt-mielec/drtstops.xml': 'transitSchedule_v1',
  'drt-mielec/drtstops_wLinkIds_lessStops.xml': 'transitSchedule_v2',
  'drt-mielec/mielec/mielec.cpg': 'shapefile',
  'drt-mielec/mielec/mielec.dbf': 'shapefile',
  'drt-mielec/mielec/mielec.prj': 'shapefile',
  'drt-mielec/mielec/mielec.qpj': 'shapefile',
  'drt-mielec/mielec/mielec.shp': 'shapefile',
  'drt-mielec/mielec/mielec.shx': 'shapefile',
  'drt-mielec/mielec_drt_config.xml': 'config_v2',
  'drt-mielec/mielec_serviceArea_based_drt_config.xml': 'config_v2',
  'drt-mielec/mielec_stop_based_drt_config.xml': 'config_v2',
  'drt-mielec/network.xml': 'network_v1',
  'drt-mielec/plans_only_drt_1.0.xml.gz': 'population_v6',
  'drt-mielec/vehicles-10-cap-4.xml': 'dvrp_vehicles_v1',
  'drt-mielec/vehicles-20-cap-2.xml': 'dvrp_vehicles_v1',
  'equil/SOURCE.md': null,
  'equil/config.xml': 'config_v2',
  'equil/counts100.xml': 'counts_v1',
  'equil/network.xml': 'network_v1',
  'equil/plans100.xml': 'plans_v4',
  'equil/plans2000.xml.gz': 'plans_v4',
  'pt-tutorial/0.config.xml': 'config_v2',
  'pt-tutorial/0.plans.xml.gz': 'population_v6',
  'pt-tutorial/SOURCE.md': null,
  'pt-tutorial/multimodalnetwork.xml': 'network_v1',
  'pt-tutorial/population.xml': 'plans_v4',
  'pt-tutorial/transitVehicles.xml': 'vehicleDefinitions_v1',
  'pt-tutorial/transitschedule.xml': 'transitSchedule_v1',
};

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
