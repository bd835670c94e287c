/**
 * A job template's additional files end to end (issue 16; harness: flow.ts): a real server, the real
 * corridor-runner process. The template carries a plain file (staged under a folder of its name) and a zip with
 * Extract; its command (`grep -r`, no shell) prints every line of the folder next to the config that holds the
 * marker, so the run's log shows what the job saw when it ran. A zip with a "../" entry fails the run with a clear
 * message and writes nothing outside the job's folder.
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../server/test/harness.ts';
import { multipart } from '../../server/test/workspace-helpers.ts';
import { admin, call, runLog, schedule, startRunner, startServer, stopAll, t, waitForJob, workDir } from './flow.ts';
import { zipBytes } from '../../../packages/contract/test/zip-bytes.ts';

const MARKER = 'FROM-TEMPLATE';

beforeAll(async () => {
  await startServer();
  await startRunner('template-files-runner');
}, 60_000);

afterAll(stopAll);

async function jobFile(name: string, content: string | Buffer): Promise<number> {
  const body = multipart([{ name, content }]);
  const response = await t.app.inject({ method: 'POST', url: `${API}/datasets/files?type=jobfile`, headers: { cookie: admin.cookie, ...body.headers }, payload: body.payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().files[0].id;
}

async function template(name: string, files: object[]): Promise<number> {
  return (await call('POST', '/jobs/templates', { name, command: 'grep -r -e FROM-TEMPLATE input', files })).id;
}

describe('job template files', { timeout: 60_000 }, () => {
  it('are next to the config when the job runs: the plain file under its name, the zip extracted', async () => {
    const notes = await jobFile('notes.txt', `${MARKER} notes\n`);
    const tools = await jobFile(
      'tools.zip',
      zipBytes([{ name: 'data/' }, { name: 'data/hello.txt', content: `${MARKER} hello\n` }, { name: 'top.txt', content: `${MARKER} top\n`, deflate: true }]),
    );
    const id = await template('Files', [
      { fkUserFile: notes, name: 'extra/notes.txt' },
      { fkUserFile: tools, extractArchive: true },
    ]);
    const { id: jobId, datasetId } = await schedule('files', '', id);
    await waitForJob(jobId, 'FINISHED');
    const lines = (await runLog(datasetId)).split('\n').filter((line) => line.includes(`${MARKER} `) && !line.includes('grep'));
    expect(lines.sort()).toEqual([`input/data/hello.txt:${MARKER} hello`, `input/extra/notes.txt:${MARKER} notes`, `input/top.txt:${MARKER} top`]);
  });

  it('a zip with an entry leaving the folder fails the run with a clear message and writes nothing', async () => {
    const slip = await jobFile('slip.zip', zipBytes([{ name: 'fine.txt', content: `${MARKER} fine\n` }, { name: '../evil.txt', content: 'evil' }]));
    const id = await template('Zip slip', [{ fkUserFile: slip, extractArchive: true }]);
    const { id: jobId } = await schedule('slip', '', id);
    const job = await waitForJob(jobId, 'FAILED');
    expect(job.message).toBe('The archive slip.zip could not be extracted: invalid relative path: ../evil.txt.');
    expect((await readdir(workDir, { recursive: true })).filter((name) => name.endsWith('evil.txt'))).toEqual([]);
  });
});
