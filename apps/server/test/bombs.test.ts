/**
 * Decompression bombs and oversized models against the real server over HTTP (issue 11, finding 4): each ends in a
 * clear "too large to process" state — 413 for as/json and summaries, FAILED for previews, untagged-with-reason or a
 * tag from the head for uploads — while `/health` keeps answering and memory returns to idle. The bounds are made
 * small here (`PROCESSING`) so the test takes seconds (below the XML readers' own 16 Mi characters of text, so
 * the byte bounds are what stops the bombs of spaces); the bombs are the real 4 GiB ones.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { GiB, gzipBomb, MiB, zstdBomb } from '../../../packages/matsim/test/bombs.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProcessingLimits } from '../src/workers/limits.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, createScenario, networkJob, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

const PROCESSING: Partial<ProcessingLimits> = {
  workers: 2,
  workerHeapMb: 128,
  workerIdleMs: 300,
  summaryMaxBytes: 32 * MiB,
  previewMaxBytes: 8 * MiB,
  inlineMaxBytes: 8 * MiB,
};
const MAX_LINKS = 4000; // × 2 KiB per link: 7.8 MiB for as/json

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
/** 135 KB of zstd: a network whose <nodes> hold 4 GiB of spaces. */
const zstdNetwork = () => zstdBomb(`${XML}<network>\n<nodes>`, 4 * GiB, '</nodes></network>\n');
/** ~2.5 MB of gzip: a network of 40 million nodes (1 GiB). */
const gzipNetwork = () => gzipBomb(`${XML}<network>\n<nodes>\n`, '<node id="n" x="0" y="0"/>\n', 40_000_000, '</nodes></network>\n');
/** ~3 MB of gzip: 1.5 GiB of persons. */
const populationBomb = () =>
  gzipBomb(`${XML}<population>\n`, '<person id="p"><plan><activity type="h" x="0" y="0"/></plan></person>\n', 22_000_000, '</population>\n');

let t: TestApp;
let base: string;
afterEach(() => stop());

async function stop(): Promise<void> {
  // Keep-alive connections of fetch would hold the server's close until they time out.
  t?.app.server.closeAllConnections();
  await t?.close();
}

async function start(processing: Partial<ProcessingLimits> = PROCESSING): Promise<Session> {
  t = await createTestApp({ processing, maxNetworkJsonLinks: MAX_LINKS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}${API}`;
  return addUser(t.app, await setupAdmin(t.app), 'alice');
}

async function get(alice: Session, url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${base}${url}`, { headers: { cookie: alice.cookie } });
  return { status: response.status, body: await response.text() };
}

async function upload(alice: Session, name: string, content: Uint8Array): Promise<{ id: number; tag: string | null; attributes: Record<string, unknown> }> {
  const [file] = await uploadOk(t.app, alice, [{ name, content: Buffer.from(content) }]);
  return file as never;
}

const tooLarge = (reason: string) => JSON.stringify({ statusCode: 413, error: 'Payload Too Large', message: `The file is too large to process (${reason}).` });

describe('decompression bombs', () => {
  it('as/json and as/geojson: a 4 GiB zstd bomb and 40 million nodes answer 413', async () => {
    const alice = await start();
    const zstd = await upload(alice, 'network.xml.zst', zstdNetwork());
    const gzip = await upload(alice, 'network.xml.gz', gzipNetwork());
    expect([zstd.tag, gzip.tag]).toEqual(['network_v1', 'network_v1']);
    for (const format of ['json', 'geojson']) {
      const answer = await get(alice, `/datasets/files/${zstd.id}/as/${format}`);
      expect(answer).toEqual({ status: 413, body: tooLarge('it holds more than 7.8 MiB once decompressed') });
    }
    const nodes = await get(alice, `/datasets/files/${gzip.id}/as/json`);
    expect(nodes.status).toBe(413);
    expect(JSON.parse(nodes.body).message).toBe(`The network has more than ${2 * MAX_LINKS} nodes, too many to send as JSON.`);
  });

  it('summary of a population bomb answers 413', async () => {
    const alice = await start();
    const bomb = await upload(alice, 'plans.xml.gz', populationBomb());
    expect(bomb.tag).toBe('population_v6');
    expect(await get(alice, `/datasets/files/${bomb.id}/summary`)).toEqual({ status: 413, body: tooLarge('it holds more than 32 MiB once decompressed') });
  });

  it('a model too large for the worker heap ends its worker with 413; the next task gets a new one', async () => {
    const alice = await start({ ...PROCESSING, workerHeapMb: 48, summaryMaxBytes: GiB });
    // One person with millions of activities: a small file, a huge model.
    const person = gzipBomb(`${XML}<population>\n<person id="p"><plan>\n`, '<activity type="h" x="0" y="0" end_time="08:00:00"/>\n', 10_000_000, '</plan></person></population>\n');
    const huge = await upload(alice, 'person.xml.gz', person);
    const answer = await get(alice, `/datasets/files/${huge.id}/summary`);
    expect(answer).toEqual({ status: 413, body: tooLarge('it needs more than 48 MiB of memory') });
    const plans = await upload(alice, 'plans100.xml', await readFile(path.join(SHARED_DATA, 'equil/plans100.xml')));
    const fine = await get(alice, `/datasets/files/${plans.id}/summary`);
    expect(fine.status).toBe(200);
    expect(JSON.parse(fine.body)).toMatchObject({ kind: 'population', persons: 100 });
  });

  it('network previews of a bomb end FAILED with the reason; the log has no stack and no host paths', async () => {
    const alice = await start();
    const { id } = await createScenario(t.app, alice);
    const bomb = await upload(alice, 'network.xml.zst', zstdNetwork());
    await attach(t.app, alice, id, bomb.id);
    const message = 'The file is too large to process (it holds more than 8 MiB once decompressed).';
    expect(await networkJob(t.app, alice, id)).toMatchObject({ status: 'FAILED', fileId: bomb.id, message });
    const log = await get(alice, `/datasets/files/${bomb.id}/d/network-processing.log`);
    expect(log.body).toMatch(new RegExp(`^\\S+ network post-processing of file ${bomb.id} failed\\n${message.replace(/[().]/g, '\\$&')}\\n$`));
  });

  it('uploads of bombs succeed: sniffing reads the head only, and a file it cannot sniff stays untagged with the reason', async () => {
    const alice = await start();
    const started = Date.now();
    const [zstd, gzip] = await uploadOk(t.app, alice, [
      { name: 'a.xml.zst', content: Buffer.from(zstdNetwork()) },
      { name: 'b.xml.gz', content: Buffer.from(populationBomb()) },
    ]);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect([zstd!.tag, gzip!.tag]).toEqual(['network_v1', 'population_v6']);
    await stop();

    const bob = await start({ ...PROCESSING, sniffTimeoutMs: 1 });
    const unsniffed = await upload(bob, 'network.xml', await readFile(path.join(SHARED_DATA, 'equil/network.xml')));
    expect(unsniffed.tag).toBeNull();
    expect(unsniffed.attributes).toEqual({ sniffError: 'The file is too large to process (reading it takes longer than 0.001 s).' });
  });

  it('a truncated .gz shown inline answers 400 before any body; a bomb shown inline answers 413', async () => {
    const alice = await start();
    const whole = await readFile(path.join(SHARED_DATA, 'equil/network.xml'));
    const gz = gzipSync(whole);
    const cut = await upload(alice, 'network.xml.gz', gz.subarray(0, Math.floor(gz.length / 2)));
    expect(cut).toMatchObject({ tag: 'network_v1', attributes: { compression: 'gzip' } });
    const answer = await fetch(`${base}/datasets/files/${cut.id}`, { headers: { cookie: alice.cookie } });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(((await answer.json()) as { message: string }).message).toBe(
      'The file cannot be shown: The gzip data ends early: the file is truncated. Download it to get the bytes as stored.',
    );
    const ok = await get(alice, `/datasets/files/${(await upload(alice, 'n.xml.gz', gz)).id}`);
    expect(ok).toEqual({ status: 200, body: whole.toString('utf8') });
    const bomb = await upload(alice, 'bomb.xml.zst', zstdNetwork());
    expect(await get(alice, `/datasets/files/${bomb.id}`)).toEqual({ status: 413, body: tooLarge('it holds more than 8 MiB once decompressed') });
  });
});

describe('the server while bombs are read', () => {
  it('keeps /health fast during three bombs at once, and memory returns near idle afterwards', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const alice = await start();
    const zstd = await upload(alice, 'network.xml.zst', zstdNetwork());
    const gzip = await upload(alice, 'network.xml.gz', gzipNetwork());
    const population = await upload(alice, 'plans.xml.gz', populationBomb());
    await new Promise((resolve) => setTimeout(resolve, 500)); // the sniffing workers retire
    gc();
    const idle = process.memoryUsage().rss;

    let peak = idle;
    const polls: number[] = [];
    let running = true;
    const bombs = Promise.all([
      get(alice, `/datasets/files/${zstd.id}/as/json`),
      get(alice, `/datasets/files/${gzip.id}/as/geojson`),
      get(alice, `/datasets/files/${population.id}/summary`),
    ]).finally(() => (running = false));
    while (running) {
      const before = performance.now();
      expect((await fetch(`${base}/health`)).status).toBe(200);
      polls.push(performance.now() - before);
      peak = Math.max(peak, process.memoryUsage().rss);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await bombs).map((answer) => answer.status)).toEqual([413, 413, 413]);
    expect(polls.length).toBeGreaterThan(5);
    expect(Math.max(...polls)).toBeLessThan(1000);
    expect(peak - idle).toBeLessThan(1.5 * GiB);

    await new Promise((resolve) => setTimeout(resolve, 1000)); // the workers retire after 300 ms idle
    gc();
    expect(process.memoryUsage().rss - idle).toBeLessThan(200 * MiB);
    console.log(`/health: ${polls.length} polls, max ${Math.max(...polls).toFixed(1)} ms; RSS idle ${(idle / MiB).toFixed(0)} MiB, peak +${((peak - idle) / MiB).toFixed(0)} MiB`);
  });
});
