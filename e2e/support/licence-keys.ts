import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function licenseCli(args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/license.ts', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`license CLI failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** A throwaway vendor key pair and one licence key file issued with it, through the repository's CLI; `remove` deletes them. */
export function issueVendorLicence(name: string, organisation: string) {
  const dir = mkdtempSync(join(tmpdir(), 'corridor-keys-'));
  licenseCli(['keygen', '--out-dir', dir]);
  const key = licenseCli([
    'issue', '--private-key', join(dir, 'private.pem'), '--name', name, '--organisation', organisation,
    '--valid-from', '2026-01-01', '--valid-until', '2099-12-31', '--commercial',
  ]);
  const licenceFile = join(dir, 'corridor.license');
  writeFileSync(licenceFile, key + '\n');
  return { publicKeyPath: join(dir, 'public.pem'), licenceFile, key, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
