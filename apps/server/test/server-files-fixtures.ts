/**
 * A root directory for server imports (spec 3 §2.16) in a temp folder: a few small files of equil's output
 * folder, a subfolder, a zip of two of them and a hidden file; and the administrator's switch that enables it.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import type { App } from '../src/app.ts';
import { API } from './harness.ts';
import { SHARED_DATA } from './workspace-helpers.ts';

export const EQUIL_OUTPUT = path.join(SHARED_DATA, 'output-equil-2024');
export const ROOT_FILES = ['scorestats.csv', 'modestats.csv', 'output_config.xml'];

export interface ServerRoot {
  /** Holds `root` (the configured directory) and `outside` (a folder next to it). */
  base: string;
  root: string;
  outside: string;
  remove(): Promise<void>;
}

/** In a new folder below `parent` (the system's temp folder unless given). */
export async function makeServerRoot(parent = tmpdir()): Promise<ServerRoot> {
  const base = await mkdtemp(path.join(parent, 'corridor-serverfiles-'));
  const root = path.join(base, 'runs');
  const outside = path.join(base, 'outside');
  await mkdir(path.join(root, 'equil', 'ITERS'), { recursive: true });
  await mkdir(outside);
  for (const name of ROOT_FILES) await copyFile(path.join(EQUIL_OUTPUT, name), path.join(root, 'equil', name));
  await writeFile(path.join(root, 'equil', '.hidden'), 'not listed');
  await writeFile(path.join(outside, 'secret.txt'), 'outside the root');
  await writeFile(path.join(root, 'equil.zip'), await zipOf(ROOT_FILES.slice(0, 2).map((name) => path.join(EQUIL_OUTPUT, name))));
  return { base, root, outside, remove: () => rm(base, { recursive: true, force: true }) };
}

/** Turns the server import on with `root` as its directory (as an administrator does on Settings > Local Run Import). */
export async function enableServerImport(app: App, adminCookie: string, root: string, enabled = true): Promise<void> {
  const headers = { cookie: adminCookie };
  const settings = await app.inject({ method: 'PUT', url: `${API}/corridor/settings`, headers, payload: { runImportServerPath: root } });
  const features = await app.inject({ method: 'PUT', url: `${API}/corridor/features`, headers, payload: { runImportFromServer: enabled } });
  if (settings.statusCode !== 200 || features.statusCode !== 200) throw new Error(`server import: ${settings.body} ${features.body}`);
}

/** A zip of `files`, each as `output/<its name>`. */
export function zipOf(files: string[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addFile(file, `output/${path.basename(file)}`);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
