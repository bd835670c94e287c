/**
 * A run with a changeset end to end (issue 13; harness: flow.ts): a real server, the real corridor-runner process and
 * the built-in engine on MATSim's equil scenario uploaded as a new scenario. The changeset deletes one of equil's nine
 * parallel route links and changes another link's capacity; the run's own output_network has the edit, the
 * scenario's network file is byte-identical afterwards, and the run records the changeset it applied.
 *
 * Equil's plans (plans_v4) carry node routes: every car leg out drives 2 7 12 (links 6 and 15) and back 13 14 15 1
 * (links 21, 22, 23), so link 3 (node 2 → 4) is on no route and can go without re-routing anyone. Link 15, which
 * every commuter drives, gets the new capacity, so the run simulates the edited network, not only copies it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Modification } from '@corridor/contract';
import { readNetwork } from '@corridor/matsim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../server/test/harness.ts';
import { scenarioWithInputs, scheduleOk, type ScenarioInputs } from '../../server/test/runner-client.ts';
import { SHARED_DATA } from '../../server/test/workspace-helpers.ts';
import { admin, call, outputTexts, startRunner, startServer, stopAll, t, waitForJob } from './flow.ts';

const EQUIL = path.join(SHARED_DATA, 'equil');
const DELETED = '3';
const NARROWED = '15';
const NEW_CAPACITY = 400;

let equil: ScenarioInputs;

beforeAll(async () => {
  await startServer();
  await startRunner('changeset-runner');
  equil = await scenarioWithInputs(t.app, admin);
}, 60_000);

afterAll(stopAll);

async function fileBytes(fileId: number): Promise<Buffer> {
  const response = await t.app.inject({ url: `${API}/datasets/files/${fileId}?dl=1`, headers: { cookie: admin.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

describe('a run scheduled with a changeset', { timeout: 60_000 }, () => {
  it("simulates the edited network: the run's output_network lacks the deleted link and has the new capacity; the scenario's file is unchanged", async () => {
    const original = await readFile(path.join(EQUIL, 'network.xml'));
    const base = await readNetwork(original);
    // The premises of the choice of links (see the file comment).
    const plans = await readFile(path.join(EQUIL, 'plans100.xml'), 'utf8');
    const routes = new Set([...plans.matchAll(/<route>([^<]*)<\/route>/g)].map((m) => m[1]!.trim()));
    expect(routes).toEqual(new Set(['2 7 12', '13 14 15 1', '']));
    expect(base.links.get(DELETED)).toMatchObject({ from: '2', to: '4' });
    expect(base.links.get(NARROWED)).toMatchObject({ from: '7', to: '12', capacity: 1000 });

    const modifications: Modification[] = [
      { type: 'network/deleteLink', id: DELETED },
      { type: 'network/updateLink', id: NARROWED, changes: { capacity: NEW_CAPACITY } },
    ];
    const changeset = await call('POST', `/datasets/datasets/${equil.scenarioId}/changesets/`, { id: -1, name: 'Link 3 closed, link 15 narrowed', modifications });
    expect(changeset.id).toBeGreaterThan(0);

    const { id: jobId, datasetId } = await scheduleOk(t.app, admin, equil, {
      name: 'Equil with changeset',
      memory: '1g',
      programArgs: '--config:controller.lastIteration=0',
      changesets: [{ id: changeset.id }],
    });
    expect(await waitForJob(jobId, 'FINISHED', 45_000)).toMatchObject({ exitCode: 0 });

    const run = await call('GET', `/datasets/datasets/${datasetId}`);
    expect(run.attributes.__changesets).toEqual([{ id: changeset.id, name: 'Link 3 closed, link 15 narrowed', modifications: 2, files: ['network'] }]);
    const outputFile = run.files.find((f: { name: string }) => f.name === 'equil_1.output_network.xml.gz');
    expect(outputFile, run.files.map((f: { name: string }) => f.name).join(', ')).toBeDefined();

    const output = await readNetwork(await fileBytes(outputFile.id));
    expect(output.links.has(DELETED)).toBe(false);
    expect(output.links.get(NARROWED)).toMatchObject({ from: '7', to: '12', capacity: NEW_CAPACITY, length: 5000, freespeed: 27.78, permlanes: 1 });
    expect([...output.links.keys()].sort()).toEqual([...base.links.keys()].filter((id) => id !== DELETED).sort());
    for (const link of base.links.values()) if (link.id !== DELETED && link.id !== NARROWED) expect(output.links.get(link.id), `link ${link.id}`).toEqual(link);
    expect(output.nodes).toEqual(base.nodes);

    // The engine drove the edited network: the commuters stay on link 15, none uses link 3, and link 15 lets them
    // out at its new capacity (one vehicle per 3600 / 400 = 9 s; at the old 1000 veh/h the 100 pass within ~440 s).
    const outputs = await outputTexts(datasetId);
    const outputPlans = outputs.find((f) => f.name === 'equil_1.output_plans.xml.gz')!.text;
    expect(outputPlans).toMatch(/<route [^>]*>1 6 15 20<\/route>/);
    expect(outputPlans).not.toMatch(/<route [^>]*>[^<]*\b3\b[^<]*<\/route>/);
    const events = outputs.find((f) => f.name === 'equil_1.output_events.xml.gz')!.text;
    const leftNarrowed = [...events.matchAll(/time="([\d.]+)" type="left link" link="15"/g)].map((m) => Number(m[1]));
    expect(leftNarrowed).toHaveLength(100);
    expect(leftNarrowed.at(-1)! - leftNarrowed[0]!).toBeGreaterThanOrEqual((99 * 3600) / NEW_CAPACITY);
    expect(events).not.toMatch(/link="3"/);

    // The scenario's file is untouched, byte for byte.
    expect((await fileBytes(equil.files.network.id)).equals(original)).toBe(true);
  });
});
