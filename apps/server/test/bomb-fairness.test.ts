/**
 * One user cannot stall everyone's file work (issue 23, finding 3), over real HTTP against the real worker pool:
 * while alice asks for the summaries of population bombs (valid persons that take longer than the summary's time
 * bound), bob's upload with its sniffing and his small network as JSON answer within 5 s; alice's same summary asked
 * twice runs once and, once too large, answers at once; her queue is bounded (429); a request she abandons leaves
 * the queue. The time bound is 10 s here (5 minutes by default), so the test takes seconds, not minutes.
 */
import { PROCESSING_MESSAGES } from '@corridor/contract';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gzipBomb, GiB } from '../../../packages/matsim/test/bombs.ts';
import type { ProcessingLimits } from '../src/workers/limits.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

const PROCESSING: Partial<ProcessingLimits> = {
  workers: 2,
  shortWorkers: 1,
  ownerShare: 1,
  ownerQueue: 2,
  workerHeapMb: 256,
  summaryMaxBytes: 4 * GiB,
  summaryTimeoutMs: 10_000,
};

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
/** ~7 MB of gzip: 29 million valid persons (2 GiB), minutes of summarising. */
const populationBomb = () =>
  gzipBomb(`${XML}<population>\n`, '<person id="p"><plan><activity type="h" x="0" y="0"/></plan></person>\n', 29_000_000, '</population>\n');
const tooSlow = JSON.stringify({ statusCode: 413, error: 'Payload Too Large', message: 'The file is too large to process (reading it takes longer than 10 s).' });

let t: TestApp | undefined;
let base: string;
afterEach(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
  t = undefined;
});

interface Answer {
  status: number;
  body: string;
  ms: number;
}

async function get(user: Session, url: string, signal?: AbortSignal): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { cookie: user.cookie }, signal });
  return { status: response.status, body: await response.text(), ms: performance.now() - started };
}

async function uploadTimed(user: Session, name: string, content: Buffer): Promise<{ id: number; tag: string | null; ms: number }> {
  const form = new FormData();
  form.append('files[]', new Blob([new Uint8Array(content)]), name);
  const started = performance.now();
  const response = await fetch(`${base}/datasets/files`, { method: 'POST', headers: { cookie: user.cookie }, body: form });
  const [file] = ((await response.json()) as { files: { id: number; tag: string | null }[] }).files;
  return { ...file!, ms: performance.now() - started };
}

/** What the promise has settled to within `ms`, or 'pending'. */
const within = <T,>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one user cannot stall the file work of others', () => {
  it("bob's upload and small network view answer within 5 s while alice's population bombs are read; her work is shared, remembered, bounded and cancelled", async () => {
    t = await createTestApp({ processing: PROCESSING });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}${API}`;
    const admin = await setupAdmin(t.app);
    const alice = await addUser(t.app, admin, 'alice');
    const bob = await addUser(t.app, admin, 'bob');

    const bomb = Buffer.from(populationBomb());
    const bombs = await uploadOk(t.app, alice, [1, 2, 3, 4, 5].map((i) => ({ name: `plans-${i}.xml.gz`, content: bomb })));
    expect(bombs.map((file) => file.tag)).toEqual(Array(5).fill('population_v6'));
    const summary = (i: number) => `/datasets/files/${bombs[i]!.id}/summary`;

    // Alice: bomb 1 twice (one piece of work), bombs 2 and 3 wait behind it (her share is one worker).
    const leaving = new AbortController();
    const first = get(alice, summary(0));
    const again = get(alice, summary(0));
    const second = get(alice, summary(1)).catch(() => null);
    const third = get(alice, summary(2), leaving.signal).catch(() => 'left');
    await sleep(1000);

    // Bob meanwhile: an upload (sniffed) and the network as JSON.
    const network = await uploadTimed(bob, 'network.xml', await readFile(path.join(SHARED_DATA, 'equil/network.xml')));
    expect(network.tag).toBe('network_v1');
    expect(network.ms).toBeLessThan(5000);
    const view = await get(bob, `/datasets/files/${network.id}/as/json`);
    expect(view.status).toBe(200);
    expect((JSON.parse(view.body) as { links: unknown[] }).links.length).toBeGreaterThan(0);
    expect(view.ms).toBeLessThan(5000);

    // Alice's queue holds two: a fourth summary is refused at once.
    const refused = await get(alice, summary(3));
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).message).toBe(PROCESSING_MESSAGES.busy(2));

    // Alice leaves bomb 3's request: it leaves her queue, so bomb 4 waits in its place and bomb 5 is refused.
    leaving.abort();
    expect(await third).toBe('left');
    await sleep(300);
    const fourth = get(alice, summary(3)).catch(() => null);
    expect(await within(fourth, 1000)).toBe('pending');
    expect((await get(alice, summary(4))).status).toBe(429);

    // Bomb 1: both requests get the one answer together; asking again answers at once from memory.
    const [one, two] = await Promise.all([first, again]);
    expect([one.body, two.body]).toEqual([tooSlow, tooSlow]);
    expect(Math.abs(one.ms - two.ms)).toBeLessThan(1000);
    const remembered = await get(alice, summary(0));
    expect(remembered.body).toBe(tooSlow);
    expect(remembered.ms).toBeLessThan(1000);
    console.log(`bob: upload ${network.ms.toFixed(0)} ms, network as JSON ${view.ms.toFixed(0)} ms; alice: bomb 1 ${(one.ms / 1000).toFixed(1)} s, again ${remembered.ms.toFixed(0)} ms`);
    void second;
  }, 60_000);
});
