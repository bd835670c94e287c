/**
 * Issue 24: a run's compressed outputs (output_trips.csv.gz, output_network.xml.gz, output_plans.xml.gz,
 * output_events.xml.gz) are viewed through GET /datasets/files/{id}/head — decompressed, the beginning of a large
 * file only — and a run import without any MATSim output is refused, saying what was expected.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { FILE_HEAD_MAX_LINES, type FileHead } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipBytes } from '../../../packages/contract/test/zip-bytes.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
});
afterAll(() => t?.close());

const get = (url: string, session: Session) => t.app.inject({ url: `${API}${url}`, headers: { cookie: session.cookie } });
const post = (url: string, session: Session, payload?: unknown) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, headers: { cookie: session.cookie }, payload: payload as object });

async function importedRun(name: string): Promise<number> {
  const created = await post('/datasets/datasets', alice, { groupId: alice.groupId, name, description: '', type: 'run', attributes: { __crs: 'Atlantis', __imported: true } });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().id;
}

async function withFiles(runId: number, files: { name: string; content: Buffer | string }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const file of await uploadOk(t.app, alice, files)) {
    await attach(t.app, alice, runId, file.id);
    ids.push(file.id);
  }
  return ids;
}

const runImported = (runId: number) => post(`/datasets/datasets/${runId}/events`, alice, { timestamp: new Date().toISOString(), type: 'runImported', data: {} });

async function runState(runId: number): Promise<{ status: string; message: string | null }> {
  for (let i = 0; i < 400; i++) {
    const run = (await get(`/datasets/run/${runId}`, alice)).json().run;
    if (run.status === 'FINISHED' || run.status === 'FAILED') return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the import did not end');
}

describe('compressed run outputs are viewed', () => {
  const OUTPUTS = ['output_trips.csv.gz', 'output_network.xml.gz', 'output_plans.xml.gz', 'output_events.xml.gz'];

  it("decompressed, whole when small: the equil run's outputs read as MATSim wrote them", async () => {
    const runId = await importedRun('Equil outputs');
    const contents = await Promise.all(OUTPUTS.map((name) => readFile(path.join(SHARED_DATA, 'output-equil-2024', name))));
    const ids = await withFiles(runId, OUTPUTS.map((name, i) => ({ name, content: contents[i]! })));
    for (const [i, id] of ids.entries()) {
      const response = await get(`/datasets/files/${id}/head`, alice);
      expect(response.statusCode, response.body).toBe(200);
      const head = response.json() as FileHead;
      const text = gunzipSync(contents[i]!).toString('utf8');
      expect(head).toMatchObject({ name: OUTPUTS[i], compressed: true });
      if (head.complete) expect(head.text).toBe(text);
      else expect(text.startsWith(head.text)).toBe(true);
    }
    // output_trips.csv.gz starts with its header.
    expect(((await get(`/datasets/files/${ids[0]}/head`, alice)).json() as FileHead).text).toMatch(/^person;trip_number;trip_id;/);
  });

  it('only the beginning of a large one, ending at a whole line, and says so', async () => {
    const runId = await importedRun('Large events');
    const lines = Array.from({ length: 50_000 }, (_, i) => `\t<event time="${i}.0" type="left link" link="${i}" vehicle="v${i}"  />`);
    const xml = `<?xml version="1.0" encoding="utf-8"?>\n<events version="1.0">\n${lines.join('\n')}\n</events>\n`;
    const [id] = await withFiles(runId, [{ name: 'output_events.xml.gz', content: gzipSync(xml) }]);
    const head = (await get(`/datasets/files/${id}/head`, alice)).json() as FileHead;
    expect(head.complete).toBe(false);
    expect(head.lines).toBe(FILE_HEAD_MAX_LINES);
    expect(head.text.endsWith('\n')).toBe(true);
    expect(xml.startsWith(head.text)).toBe(true);
  });

  it('not for someone who cannot read the run', async () => {
    const runId = await importedRun('Private');
    const [id] = await withFiles(runId, [{ name: 'output_trips.csv.gz', content: gzipSync('person;trip\n1;1\n') }]);
    expect((await get(`/datasets/files/${id}/head`, bob)).statusCode).toBe(404);
  });
});

describe('a run import without MATSim output', () => {
  it('is refused at runImported, saying what was expected, and the run stays unimported', async () => {
    const runId = await importedRun('Junk');
    await withFiles(runId, [
      { name: 'notes.txt', content: 'my notes' },
      { name: 'picture.png', content: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') },
    ]);
    const refused = await runImported(runId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'These files are not a MATSim run: an import needs the files of a MATSim output folder — at least one of output_config.xml, output_events.xml.gz, output_plans.xml.gz or the statistics (scorestats.csv, modestats.csv, logfile.log). The run has: notes.txt, picture.png.',
    );
    // Adding a real output then lets the import go through.
    await withFiles(runId, [{ name: 'scorestats.csv', content: await readFile(path.join(SHARED_DATA, 'output-equil-2024', 'scorestats.csv')) }]);
    expect((await runImported(runId)).statusCode).toBe(200);
    expect((await runState(runId)).status).toBe('FINISHED');
  });

  it('inside a zip: the run ends FAILED with that message', async () => {
    const runId = await importedRun('Junk zip');
    await withFiles(runId, [{ name: 'holiday.zip', content: zipBytes([{ name: 'notes.txt', content: 'x' }, { name: 'picture.png', content: 'y' }]) }]);
    expect((await runImported(runId)).statusCode).toBe(200);
    const run = await runState(runId);
    expect(run.status).toBe('FAILED');
    expect(run.message).toContain('These files are not a MATSim run: an import needs the files of a MATSim output folder');
  }, 60_000);
});
