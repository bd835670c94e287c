/**
 * Licence tooling for the vendor side (`npm run license -- <command>`):
 *   keygen --out-dir DIR                     writes private.pem (mode 0600) and public.pem (Ed25519)
 *   issue --private-key FILE --name N --organisation O --valid-from YYYY-MM-DD --valid-until YYYY-MM-DD
 *         [--commercial] [--limit key=value]…   prints a vendor licence key
 * A server accepts the key when LICENSE_PUBLIC_KEY is the matching public.pem.
 */
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { LicensePayload } from '@corridor/contract';
import { signLicense } from '../modules/licenses/token.ts';

const USAGE = `Usage:
  npm run license -- keygen --out-dir DIR
  npm run license -- issue --private-key FILE --name NAME --organisation ORG \\
      --valid-from YYYY-MM-DD --valid-until YYYY-MM-DD [--commercial] [--limit key=value]...`;

class UsageError extends Error {}

export async function runLicenseCli(argv: string[], print: (line: string) => void): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'keygen') return keygen(rest, print);
  if (command === 'issue') return issue(rest, print);
  throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
}

async function keygen(args: string[], print: (line: string) => void): Promise<void> {
  const { values } = parseArgs({ args, options: { 'out-dir': { type: 'string' } }, strict: true });
  const outDir = required(values['out-dir'], '--out-dir');
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  await mkdir(outDir, { recursive: true });
  const privatePath = path.join(outDir, 'private.pem');
  const publicPath = path.join(outDir, 'public.pem');
  // 'wx': never overwrite an existing private key, which would orphan every licence issued with it.
  await writeFile(privatePath, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  await writeFile(publicPath, publicKey.export({ type: 'spki', format: 'pem' }), { flag: 'wx' });
  print(`Wrote ${privatePath} (keep it secret) and ${publicPath} (set LICENSE_PUBLIC_KEY to it).`);
}

async function issue(args: string[], print: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      'private-key': { type: 'string' },
      name: { type: 'string' },
      organisation: { type: 'string' },
      'valid-from': { type: 'string' },
      'valid-until': { type: 'string' },
      commercial: { type: 'boolean', default: false },
      limit: { type: 'string', multiple: true, default: [] },
    },
  });
  const validFromDate = date(required(values['valid-from'], '--valid-from'), '--valid-from');
  const validUntilDate = date(required(values['valid-until'], '--valid-until'), '--valid-until');
  if (validUntilDate < validFromDate) throw new UsageError('--valid-until is before --valid-from.');
  const payload: LicensePayload = {
    name: required(values.name, '--name'),
    organisation: required(values.organisation, '--organisation'),
    validFromDate,
    validUntilDate,
    creationDate: new Date().toISOString(),
    features: { commercial: values.commercial },
    limits: Object.fromEntries(values.limit.map(limit)),
    issuer: 'vendor',
  };
  const privateKey = createPrivateKey(await readFile(required(values['private-key'], '--private-key'), 'utf8'));
  print(signLicense(payload, privateKey));
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${flag} is required.`);
  return value.trim();
}

function date(value: string, flag: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new UsageError(`${flag} must be a date like 2026-12-31.`);
  }
  return value;
}

/** `seats=10` becomes a number, `tier=gold` stays text. */
function limit(text: string): [string, string | number] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`--limit expects key=value, got "${text}".`);
  const value = text.slice(eq + 1);
  return [text.slice(0, eq), /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value];
}

// Run only when executed directly, so tests can import runLicenseCli.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runLicenseCli(process.argv.slice(2), (line) => console.log(line)).catch((err: unknown) => {
    const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(usage ? `${(err as Error).message}\n\n${USAGE}` : err);
    process.exit(usage ? 2 : 1);
  });
}
