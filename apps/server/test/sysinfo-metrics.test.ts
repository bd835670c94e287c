/**
 * System information, the Prometheus endpoint, the sampled meters and the dashboard presets, and the four API
 * documentation pages (spec 3 §2.17, §2.18, §7): through HTTP on a real database.
 */
import { CreatedApiKey, SysInfo, type Meter, type MeterValue } from '@corridor/contract';
import { Gauge, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { meterValues, metricMeters } from '../src/db/schema.ts';
import { eq } from 'drizzle-orm';
import { UNCHANGED_STORE_MS } from '../src/modules/metrics/changes.ts';
import { MetricsRepository } from '../src/modules/metrics/repository.ts';
import { MetricsSampler } from '../src/modules/metrics/sampler.ts';
import { INVALID_API_KEY } from '../src/plugins/session.ts';
import { ADMIN, API, createTestApp, setupAdmin, usePostgres, type TestApp } from './harness.ts';
import { insertRun } from './run-fixtures.ts';
import { addUser, signIn, uploadOk, type Session } from './workspace-helpers.ts';

const TOKEN = 'scrape-token-0123456789';

let t: TestApp;
afterEach(() => t?.close());

async function start(env: Record<string, string> = {}, now?: () => Date): Promise<{ admin: string; alice: Session }> {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, ...env }, now });
  const admin = await setupAdmin(t.app);
  return { admin, alice: await addUser(t.app, admin, 'alice') };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const scrape = async (headers: Record<string, string>) => (await get('/metrics', headers)).body;

/** The value of one series in Prometheus text (`name{labels} value`), 0 when it is not there yet. */
function seriesValue(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
const untilTrue = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('system information', () => {
  it('answers administrators with sane figures and refuses everyone else', async () => {
    let clock = Date.now();
    const { admin, alice } = await start({}, () => new Date(clock));
    await insertRun(t, { owner: alice, job: { status: 'FAILED' } });
    const [file] = await uploadOk(t.app, alice, [{ name: 'notes.txt', content: 'x'.repeat(5000) }]);
    expect(file).toBeDefined();

    expect((await get(`${API}/sysinfo/sysinfo`)).statusCode).toBe(401);
    expect((await get(`${API}/sysinfo/sysinfo`, { cookie: alice.cookie })).statusCode).toBe(403);
    const response = await get(`${API}/sysinfo/sysinfo`, { cookie: admin });
    expect(response.statusCode).toBe(200);
    const info = SysInfo.parse(response.json());
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.nodeVersion).toBe(process.version);
    expect(info.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(info.database.kind).toBe(usePostgres ? 'postgresql' : 'pglite');
    expect(info.database.version).toMatch(/^\d+/);
    expect(info.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(info.dataDir.path).toBe(t.config.dataDir);
    expect(info.dataDir.usedBytes).toBeGreaterThanOrEqual(5000);
    expect(info.dataDir.totalBytes).toBeGreaterThan(info.dataDir.freeBytes);
    expect(info.files).toEqual({ count: 1, totalBytes: 5000 });
    expect(info.runsByStatus).toMatchObject({ FAILED: 1, FINISHED: 0, CREATED: 0 });
    expect(info.connectedRunners).toBe(0);
    expect(info.host.cpuCores).toBeGreaterThan(0);
    expect(info.host.memoryTotalBytes).toBeGreaterThan(info.host.memoryFreeBytes);
    expect(info.host.processRssBytes).toBeGreaterThan(0);
    expect(info.host.loadAverage).toHaveLength(3);

    // The bytes under DATA_DIR are walked again after a minute, not on every load.
    await uploadOk(t.app, alice, [{ name: 'more.txt', content: 'z'.repeat(70_000) }]);
    const usedBytes = async () => SysInfo.parse((await get(`${API}/sysinfo/sysinfo`, { cookie: admin })).json()).dataDir.usedBytes;
    clock += 59_000;
    expect(await usedBytes()).toBe(info.dataDir.usedBytes);
    clock += 1000;
    expect(await usedBytes()).toBeGreaterThanOrEqual(info.dataDir.usedBytes + 70_000);
  });

  it('gives the help page its config info: version, build date, no file server', async () => {
    const { alice } = await start();
    expect((await get(`${API}/sysinfo/config`)).statusCode).toBe(401);
    const config = (await get(`${API}/sysinfo/config`, { cookie: alice.cookie })).json();
    expect(config).toMatchObject({ fileserver: { ssh: { enabled: false }, webdav: { enabled: false } }, standalone: true });
    expect(config.buildVersion).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('GET /metrics', () => {
  it('needs the token or an administrator session', async () => {
    const { admin, alice } = await start();
    expect((await get('/metrics')).statusCode).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(401);
    expect((await get('/metrics', { cookie: alice.cookie })).statusCode).toBe(403);
    const callers: Record<string, string>[] = [{ authorization: `Bearer ${TOKEN}` }, { cookie: admin }];
    for (const headers of callers) {
      const response = await get('/metrics', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toContain('# TYPE corridor_http_requests_total counter');
      expect(response.body).toContain('process_resident_memory_bytes');
      expect(response.body).toContain('corridor_job_queue_length 0');
      expect(response.body).toContain('corridor_runners_connected 0');
    }
    // The database pool exists on PostgreSQL only.
    expect((await scrape({ cookie: admin })).includes('corridor_db_pool_connections{state="total"}')).toBe(usePostgres);
  });

  it("accepts an administrator's API key; another user's key is 403, a key that is not valid 401", async () => {
    const { alice } = await start();
    const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    const createKey = async (session: Session) => {
      const response = await t.app.inject({ method: 'POST', url: `${API}/accounts/users/${session.userId}/apikeys`, headers: { cookie: session.cookie }, payload: { description: 'scraper' } });
      expect(response.statusCode, response.body).toBe(200);
      return CreatedApiKey.parse(response.json()).data;
    };
    const adminKey = await createKey(admin);
    const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

    const allowed = await get('/metrics', bearer(adminKey.data));
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('# TYPE corridor_http_requests_total counter');
    expect((await get('/metrics', bearer((await createKey(alice)).data))).statusCode).toBe(403);

    const wrongSecret = await get('/metrics', bearer(`${adminKey.apikey}.wrong-secret-wrong-secret`));
    expect([wrongSecret.statusCode, wrongSecret.json().message]).toEqual([401, INVALID_API_KEY]);
    // A key that is not valid is refused even with an administrator's cookie beside it.
    expect((await get('/metrics', { ...bearer('abc.def'), cookie: admin.cookie })).statusCode).toBe(401);
    await t.app.inject({ method: 'DELETE', url: `${API}/accounts/users/${admin.userId}/apikeys/${adminKey.apikey}`, headers: { cookie: admin.cookie } });
    expect((await get('/metrics', bearer(adminKey.data))).statusCode).toBe(401);
  });

  it('moves when requests are made, files are uploaded and jobs wait', async () => {
    const { admin, alice } = await start();
    const auth = { authorization: `Bearer ${TOKEN}` };
    const features = (text: string) => seriesValue(text, 'corridor_http_requests_total', 'route="/api/v1/corridor/features/enabled",status="200"');
    const before = await scrape(auth);
    for (let i = 0; i < 3; i++) await get(`${API}/corridor/features/enabled`);
    await uploadOk(t.app, alice, [{ name: 'a.txt', content: 'y'.repeat(1234) }]);
    await insertRun(t, { owner: alice, job: { status: 'CREATED' } });
    const after = await scrape(auth);
    expect(features(after) - features(before)).toBe(3);
    expect(seriesValue(after, 'corridor_http_request_duration_seconds_count', 'route="/api/v1/corridor/features/enabled"')).toBeGreaterThanOrEqual(3);
    const bytes = (text: string) => Number(/^corridor_upload_bytes_total (\S+)$/m.exec(text)?.[1] ?? 0);
    expect(bytes(after) - bytes(before)).toBe(1234);
    expect(after).toContain('corridor_job_queue_length 1');
    expect(after).toContain('corridor_jobs{status="CREATED"} 1');
    // Route templates, never addresses with ids in them.
    await get(`${API}/metrics/meters/12345/values`, { cookie: admin });
    expect(await scrape(auth)).toContain('route="/api/v1/metrics/meters/:id/values"');
  });
});

describe('sampled meters and presets', () => {
  it('samples the registry into meters and values, and drops values older than 14 days', async () => {
    const { admin, alice } = await start({ METRICS_SAMPLE_MS: '100' });
    const meters = async () => (await get(`${API}/metrics/meters`, { cookie: admin })).json() as Meter[];
    await untilTrue(async () => (await meters()).some((m) => m.name === 'corridor_http_requests_total'));
    expect((await get(`${API}/metrics/meters`, { cookie: alice.cookie })).statusCode).toBe(403);

    const all = await meters();
    expect(all.every((m) => !m.name.endsWith('_bucket'))).toBe(true);
    const queue = all.find((m) => m.name === 'corridor_job_queue_length')!;
    expect(queue.tags).toEqual([]);
    const jobsCreated = all.find((m) => m.name === 'corridor_jobs' && m.tags.some((tag) => tag.value === 'CREATED'));
    expect(jobsCreated?.tags).toEqual([{ name: 'status', value: 'CREATED' }]);

    const values = async (query = '') => (await get(`${API}/metrics/meters/${queue.id}/values${query}`, { cookie: admin })).json() as MeterValue[];
    await untilTrue(async () => (await values()).length >= 1);
    expect((await values()).map((v) => v.value)).toEqual([0]);
    await insertRun(t, { owner: alice, job: { status: 'CREATED' } });
    await untilTrue(async () => (await values()).at(-1)?.value === 1);
    // Sampled every 100 ms, stored only when it changed.
    expect((await values()).map((v) => v.value)).toEqual([0, 1]);

    // An old value: gone after the next sample; the from/to window selects by time.
    const old = new Date(Date.now() - 15 * 24 * 60 * 60_000);
    await t.database.db.insert(meterValues).values({ meterId: queue.id, timestamp: old, value: 7 });
    const inWindow = (await values(`?from=${new Date(old.getTime() - 1000).toISOString()}&to=${new Date(old.getTime() + 1000).toISOString()}`));
    expect(inWindow).toEqual([{ timestamp: old.toISOString(), value: 7 }]);
    await untilTrue(async () => (await t.database.db.select().from(meterValues).where(eq(meterValues.timestamp, old))).length === 0);
    expect((await t.database.db.select().from(metricMeters).where(eq(metricMeters.id, queue.id))).length).toBe(1);

    expect((await get(`${API}/metrics/meters/999999/values`, { cookie: admin })).statusCode).toBe(404);
    expect((await get(`${API}/metrics/meters/${queue.id}/values?from=2020-01-02T00:00:00Z&to=2020-01-01T00:00:00Z`, { cookie: admin })).statusCode).toBe(400);
  });

  it('stores a value when it changed, an unchanged one only every 10 minutes, and still drops old values', async () => {
    const { admin } = await start();
    const registry = new Registry();
    const gauge = new Gauge({ name: 'test_sampled_gauge', help: 'a value the test sets', registers: [registry] });
    const t0 = Date.now();
    let clock = t0;
    const sampler = new MetricsSampler({ registry, repository: new MetricsRepository(t.database.db), now: () => new Date(clock), intervalMs: 60_000, log: t.app.log });
    const sampleAt = async (ms: number) => {
      clock = ms;
      await sampler.sample();
    };
    const stored = async () => {
      const meter = ((await get(`${API}/metrics/meters`, { cookie: admin })).json() as Meter[]).find((m) => m.name === 'test_sampled_gauge')!;
      const window = `from=${new Date(t0 - 20 * 86_400_000).toISOString()}&to=${new Date(t0 + 86_400_000).toISOString()}`;
      const values = (await get(`${API}/metrics/meters/${meter.id}/values?${window}`, { cookie: admin })).json() as MeterValue[];
      return values.map((v) => [(Date.parse(v.timestamp) - t0) / 60_000, v.value]);
    };

    gauge.set(3);
    await sampleAt(t0);
    await sampleAt(t0 + 60_000);
    expect(await stored()).toEqual([[0, 3]]);
    gauge.set(4);
    await sampleAt(t0 + 120_000);
    await sampleAt(t0 + 180_000);
    expect(await stored()).toEqual([[0, 3], [2, 4]]);
    await sampleAt(t0 + 120_000 + UNCHANGED_STORE_MS);
    expect(await stored()).toEqual([[0, 3], [2, 4], [12, 4]]);

    const meterId = (await t.database.db.select().from(metricMeters).where(eq(metricMeters.name, 'test_sampled_gauge')))[0]!.id;
    const old = new Date(t0 - 15 * 86_400_000);
    await t.database.db.insert(meterValues).values({ meterId, timestamp: old, value: 1 });
    expect((await stored())[0]).toEqual([-15 * 1440, 1]);
    await sampleAt(t0 + 13 * 60_000);
    expect(await stored()).toEqual([[0, 3], [2, 4], [12, 4]]);
  });

  it('saves, lists, overwrites by name and deletes presets (administrators)', async () => {
    const { admin, alice } = await start();
    const save = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: `${API}/metrics/charts`, headers: { cookie }, payload });
    const list = async () => (await get(`${API}/metrics/charts`, { cookie: admin })).json();

    const first = await save(admin, { name: 'Requests', timeRange: 360, settings: { series: [1, 2] } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ overwritten: false, preset: { name: 'Requests', timeRange: 360, settings: { series: [1, 2] } } });
    expect((await save(admin, { name: 'Memory', timeRange: 60, settings: { series: [3] } })).statusCode).toBe(200);

    const again = await save(admin, { name: 'requests', timeRange: 1440, settings: { series: [4] } });
    expect(again.json()).toMatchObject({ overwritten: true, preset: { id: first.json().preset.id, name: 'requests', timeRange: 1440 } });
    expect((await list()).map((p: { name: string }) => p.name)).toEqual(['Memory', 'requests']);

    expect((await save(admin, { name: 'Odd', timeRange: 90, settings: { series: [] } })).statusCode).toBe(400);
    expect((await save(admin, { name: ' ', timeRange: 60, settings: { series: [] } })).statusCode).toBe(400);
    expect((await save(alice.cookie, { name: 'Mine', timeRange: 60, settings: { series: [] } })).statusCode).toBe(403);
    expect((await get(`${API}/metrics/charts`, { cookie: alice.cookie })).statusCode).toBe(403);

    const remove = (id: number, cookie = admin) => t.app.inject({ method: 'DELETE', url: `${API}/metrics/charts/${id}`, headers: { cookie } });
    expect((await remove(first.json().preset.id, alice.cookie)).statusCode).toBe(403);
    expect((await remove(first.json().preset.id)).statusCode).toBe(200);
    expect((await remove(first.json().preset.id)).statusCode).toBe(404);
    expect((await list()).map((p: { name: string }) => p.name)).toEqual(['Memory']);
  });
});

describe('API documentation pages', () => {
  it('serves /docs, /swagger, /redoc (with its bundle from this server) and /swagger-docs', async () => {
    await start();
    for (const url of ['/docs', '/swagger']) {
      const page = await get(url.concat('/'));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('swagger-ui');
    }
    const redoc = await get('/redoc');
    expect(redoc.statusCode).toBe(200);
    expect(redoc.body).toContain('<div id="redoc">');
    const scripts = [...redoc.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.every((src) => src.startsWith('/'))).toBe(true);
    for (const src of scripts) {
      const script = await get(src);
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toContain('javascript');
    }
    const bundle = (await get('/redoc/redoc.standalone.js')).body;
    expect(bundle.length).toBeGreaterThan(500_000);
    expect(bundle).not.toContain('cdn.redoc.ly');
    const doc = await get('/swagger-docs');
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), info: { title: 'Corridor API' } });
    expect(Object.keys(doc.json().paths)).toContain(`${API}/metrics/charts`);
    // Every $ref points into the document's components (ReDoc stops at a dangling one).
    const refs = [...doc.body.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((name) => !(name in doc.json().components.schemas))).toEqual([]);
  });
});
