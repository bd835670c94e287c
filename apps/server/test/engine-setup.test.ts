import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EngineDownloadStatus } from '@corridor/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';

/** A fake release server: /{mode}/{version}/matsim.zip with a checksum that is right, wrong or missing. */
const ZIP = Buffer.alloc(300 * 1024, 7);
const SHA = createHash('sha256').update(ZIP).digest('hex');
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const [, mode, , file] = (req.url ?? '').split('/');
    if (file === 'matsim.zip' && mode === 'stall') {
      res.writeHead(200, { 'content-length': ZIP.length });
      res.write(ZIP.subarray(0, 1024)); // then nothing more: a hung connection
      return;
    }
    if (file === 'matsim.zip' && mode !== 'missing') {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': ZIP.length });
      // Several chunks, so progress is reported along the way.
      for (let i = 0; i < ZIP.length; i += 64 * 1024) res.write(ZIP.subarray(i, i + 64 * 1024));
      return res.end();
    }
    if (file === 'matsim.zip.sha256' && mode === 'ok') return res.end(`${SHA}  matsim.zip\n`);
    if (file === 'matsim.zip.sha256' && mode === 'bad') return res.end(`${'0'.repeat(64)}  matsim.zip\n`);
    res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections(); // the stalled response never ends by itself
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

let t: TestApp;
afterEach(() => t?.close());

async function startDownload(urlTemplate: string, version = '2025.0') {
  t = await createTestApp({ env: { MATSIM_RELEASE_URL: urlTemplate }, engineIdleTimeoutMs: 300 });
  const cookie = await setupAdmin(t.app);
  const started = await t.app.inject({ method: 'POST', url: `${API}/jobs/setup?matsim=${version}`, headers: { cookie } });
  expect(started.statusCode).toBe(202);
  expect(started.json()).toMatchObject({ version, state: 'downloading' });
  return { cookie, final: await pollUntilFinished(cookie) };
}

async function pollUntilFinished(cookie: string): Promise<EngineDownloadStatus> {
  for (let i = 0; i < 200; i++) {
    const status = (await t.app.inject({ url: `${API}/jobs/setup`, headers: { cookie } })).json() as EngineDownloadStatus;
    if (status.state === 'done' || status.state === 'error') return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('download did not finish');
}

const enginesDir = () => `${t.config.dataDir}/engines`;

describe('engine download (POST/GET /jobs/setup)', () => {
  it('downloads, verifies the checksum and reports progress up to done', async () => {
    const { final } = await startDownload(`${base}/ok/{version}/matsim.zip`);
    expect(final).toEqual({
      version: '2025.0',
      state: 'done',
      receivedBytes: ZIP.length,
      totalBytes: ZIP.length,
      checksumVerified: true,
      error: null,
      path: `${enginesDir()}/matsim-2025.0.zip`,
    });
    expect((await readFile(final.path!)).equals(ZIP)).toBe(true);
    expect(await readdir(enginesDir())).toEqual(['matsim-2025.0.zip']); // no temporary files left
  });

  it('finishes without verification when the server publishes no checksum', async () => {
    const { final } = await startDownload(`${base}/nosum/{version}/matsim.zip`, '14.0');
    expect(final).toMatchObject({ state: 'done', checksumVerified: false, receivedBytes: ZIP.length });
  });

  it('fails on a checksum mismatch and keeps no file', async () => {
    const { final } = await startDownload(`${base}/bad/{version}/matsim.zip`);
    expect(final.state).toBe('error');
    expect(final.error).toBe(
      `Could not download MATSim 2025.0: the checksum does not match (expected ${'0'.repeat(64)}, got ${SHA}).`,
    );
    expect(await readdir(enginesDir())).toEqual([]);
  });

  it('fails clearly when the server answers 404', async () => {
    const { final } = await startDownload(`${base}/missing/{version}/matsim.zip`);
    expect(final).toMatchObject({
      state: 'error',
      error: 'Could not download MATSim 2025.0: the download server answered HTTP 404 Not Found.',
    });
  });

  it('fails clearly when the download server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const { final } = await startDownload(`http://127.0.0.1:${port}/{version}.zip`, '2024.0');
    expect(final.state).toBe('error');
    expect(final.error).toMatch(
      /^Could not download MATSim 2024\.0: the download server could not be reached \(.*ECONNREFUSED.*\)\.$/,
    );
    expect(existsSync(`${enginesDir()}/matsim-2024.0.zip`)).toBe(false);
  });

  it('fails when the connection stalls', async () => {
    const { final } = await startDownload(`${base}/stall/{version}/matsim.zip`);
    expect(final).toMatchObject({
      state: 'error',
      receivedBytes: 1024,
      error: 'Could not download MATSim 2025.0: the connection broke off after 1024 bytes (no data arrived for 300 ms).',
    });
    expect(await readdir(enginesDir())).toEqual([]);
  });

  it('shows a download to the other server processes on the same DATA_DIR and refuses a second one there', async () => {
    t = await createTestApp({ env: { MATSIM_RELEASE_URL: `${base}/stall/{version}/matsim.zip` }, engineIdleTimeoutMs: 1500 });
    const other = await createTestApp({ env: { DATA_DIR: t.config.dataDir, MATSIM_RELEASE_URL: `${base}/ok/{version}/matsim.zip` } });
    try {
      const cookie = await setupAdmin(t.app);
      const otherCookie = await setupAdmin(other.app);
      const started = await t.app.inject({ method: 'POST', url: `${API}/jobs/setup?matsim=2025.0`, headers: { cookie } });
      expect(started.statusCode).toBe(202);
      const seen = await other.app.inject({ url: `${API}/jobs/setup`, headers: { cookie: otherCookie } });
      expect(seen.json()).toMatchObject({ version: '2025.0', state: 'downloading' });
      const second = await other.app.inject({ method: 'POST', url: `${API}/jobs/setup?matsim=2024.0`, headers: { cookie: otherCookie } });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toContain('MATSim 2025.0 is being downloaded');
      // The stalled download fails on the first server: the other one reads that end too.
      const final = await pollUntilFinished(cookie);
      expect(final.state).toBe('error');
      const ended = await other.app.inject({ url: `${API}/jobs/setup`, headers: { cookie: otherCookie } });
      expect(ended.json()).toEqual(final);
    } finally {
      await other.close();
    }
  });

  it('is for administrators only and validates the version', async () => {
    t = await createTestApp({ env: { MATSIM_RELEASE_URL: `${base}/ok/{version}/matsim.zip` } });
    expect((await t.app.inject({ method: 'POST', url: `${API}/jobs/setup?matsim=2025.0` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${API}/jobs/setup` })).statusCode).toBe(401);
    const cookie = await setupAdmin(t.app);
    const idle = await t.app.inject({ url: `${API}/jobs/setup`, headers: { cookie } });
    expect(idle.json()).toMatchObject({ state: 'idle', version: null });
    const bad = await t.app.inject({ method: 'POST', url: `${API}/jobs/setup?matsim=1.0`, headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    // An empty JSON body (what fetch sends with a JSON content type and no body) is fine.
    const empty = await t.app.inject({
      method: 'POST',
      url: `${API}/jobs/setup?matsim=15.0`,
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(202);
    const second = await t.app.inject({ method: 'POST', url: `${API}/jobs/setup?matsim=15.0`, headers: { cookie } });
    expect([202, 409]).toContain(second.statusCode); // 409 while the first still runs
    await pollUntilFinished(cookie);
  });
});
