import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from './harness.ts';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = path.join(repo, 'node_modules', '.bin', 'tsx');
const cli = path.join(repo, 'apps', 'server', 'src', 'cli', 'license.ts');

let t: TestApp | undefined;
const dirs: string[] = [];
afterAll(async () => {
  await t?.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('licence CLI', () => {
  it('keygen and issue produce a key that a server with the public key accepts', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'corridor-cli-'));
    dirs.push(dir);
    const keys = path.join(dir, 'keys');
    await run(tsx, [cli, 'keygen', '--out-dir', keys]);
    expect((await stat(path.join(keys, 'private.pem'))).mode & 0o777).toBe(0o600);

    const { stdout } = await run(tsx, [
      cli,
      'issue',
      '--private-key',
      path.join(keys, 'private.pem'),
      '--name',
      'CLI licence',
      '--organisation',
      'Test Org',
      '--valid-from',
      '2020-01-01',
      '--valid-until',
      '2099-12-31',
      '--commercial',
      '--limit',
      'runners=3',
      '--limit',
      'tier=gold',
    ]);
    const key = stdout.trim();

    t = await createTestApp({ env: { LICENSE_PUBLIC_KEY: path.join(keys, 'public.pem') } });
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/corridor/licenses/check/key`,
      headers: { 'content-type': 'text/plain' },
      payload: key,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'CLI licence',
      organisation: 'Test Org',
      validFromDate: '2020-01-01',
      validUntilDate: '2099-12-31',
      features: { commercial: true },
      limits: { runners: 3, tier: 'gold' },
      issuer: 'vendor',
      key,
    });

    // keygen never overwrites a private key.
    await expect(run(tsx, [cli, 'keygen', '--out-dir', keys])).rejects.toThrow();
    expect(await readFile(path.join(keys, 'public.pem'), 'utf8')).toContain('BEGIN PUBLIC KEY');
  });

  it('explains missing options with exit code 2', async () => {
    const failure = await run(tsx, [cli, 'issue', '--name', 'x']).catch((err: { code: number; stderr: string }) => err);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain('--valid-from is required.');
  });
});
