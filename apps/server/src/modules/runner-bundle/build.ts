/**
 * The downloadable runner (issue 30, spec 3 §2.9): `corridor-runner.tgz` with one folder `corridor-runner/` that runs
 * with nothing but Node.js 20 — `node corridor-runner/bin/corridor-runner.mjs --server URL` (and `… watch`). esbuild
 * bundles the runner (apps/runner/src/cli.ts) and the built-in engine (packages/engine/src/cli.ts, started by the
 * runner as a separate process) with their dependencies into one ES module each; CORRIDOR_BUNDLE tells the runner it
 * is the bundle (apps/runner/src/install.ts: the engine next to it, its folder as the sandbox's code). Node's own
 * modules stay imports; a dependency that loads a file beside its code at run time (sql.js: its WebAssembly) gets
 * that file next to the scripts. The licence texts of the bundled packages go into THIRD-PARTY-NOTICES.txt.
 */
import { build, type Metafile } from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { tarGz, type TarEntry } from './tar.ts';

/** The file name the Runners page and `GET /jobs/files/{name}` use. */
export { RUNNER_BUNDLE_FILE } from '@corridor/contract';

const REPO = path.resolve(import.meta.dirname, '../../../../..');
const FOLDER = 'corridor-runner';

/**
 * CommonJS dependencies inside an ES module call require() and read __dirname (sql.js finds its .wasm so): the
 * bundle's scripts define them for their own folder.
 */
const BANNER = [
  "import { createRequire as __corridorRequire } from 'node:module';",
  "import { dirname as __corridorDirname } from 'node:path';",
  "import { fileURLToPath as __corridorFileURLToPath } from 'node:url';",
  'const require = __corridorRequire(import.meta.url);',
  'const __filename = __corridorFileURLToPath(import.meta.url);',
  'const __dirname = __corridorDirname(__filename);',
].join('\n');

/** Files a bundled package reads beside itself at run time: package → [its file, the name beside the scripts]. */
const RUNTIME_FILES: Record<string, [string, string][]> = {
  'sql.js': [['dist/sql-wasm.wasm', 'sql-wasm.wasm']],
};

/** Scripts of the bundle: its name in bin/, and the entry (a file, or a module text resolved from a folder). */
const SCRIPTS = [
  {
    name: 'corridor-runner.mjs',
    entry: {
      stdin: {
        contents: "import { main } from './src/cli.ts';\nprocess.exit(await main(process.argv.slice(2)));\n",
        resolveDir: path.join(REPO, 'apps/runner'),
        sourcefile: 'apps/runner/bundle-entry.ts',
        loader: 'ts' as const,
      },
    },
  },
  // The engine's cli.ts runs main() itself when it is the script node started.
  { name: 'corridor-engine.mjs', entry: { entryPoints: [path.join(REPO, 'packages/engine/src/cli.ts')] } },
];

export interface RunnerBundle {
  /** The .tgz's bytes. */
  bytes: Buffer;
  /** The archive's paths, e.g. corridor-runner/bin/corridor-runner.mjs. */
  paths: string[];
}

/** Builds corridor-runner.tgz from this install's sources (about a second). */
export async function buildRunnerBundle(version: string, now = new Date()): Promise<RunnerBundle> {
  const entries: TarEntry[] = [];
  const packages = new Set<string>();
  for (const script of SCRIPTS) {
    const result = await build({
      ...script.entry,
      absWorkingDir: REPO,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: path.join(REPO, FOLDER, 'bin', script.name),
      write: false,
      metafile: true,
      define: { CORRIDOR_BUNDLE: 'true' },
      banner: { js: BANNER },
      logLevel: 'silent',
    });
    const [output] = result.outputFiles;
    if (!output) throw new Error(`esbuild wrote nothing for ${script.name}`);
    entries.push({ path: `${FOLDER}/bin/${script.name}`, bytes: Buffer.from(output.contents), mode: 0o755 });
    for (const dir of packageDirs(result.metafile)) packages.add(dir);
  }
  for (const dir of [...packages].sort()) {
    for (const [from, to] of RUNTIME_FILES[packageName(dir)] ?? []) {
      entries.push({ path: `${FOLDER}/bin/${to}`, bytes: readFileSync(path.join(REPO, dir, from)), mode: 0o644 });
    }
  }
  entries.push({ path: `${FOLDER}/README.txt`, bytes: Buffer.from(readme(version, now)), mode: 0o644 });
  entries.push({ path: `${FOLDER}/THIRD-PARTY-NOTICES.txt`, bytes: Buffer.from(notices([...packages].sort())), mode: 0o644 });
  return { bytes: tarGz(entries, now), paths: entries.map((entry) => entry.path) };
}

/** The node_modules folders of the packages whose code is in the output (`node_modules/@scope/name`, repo-relative). */
function packageDirs(metafile: Metafile): string[] {
  const dirs = new Set<string>();
  const used = Object.values(metafile.outputs).flatMap((output) => Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0));
  for (const [input] of used) {
    const match = /^(.*?node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) dirs.add(match[1]!);
  }
  return [...dirs];
}

function packageName(dir: string): string {
  return dir.slice(dir.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** Each bundled package's name, version, licence and licence text. */
function notices(dirs: readonly string[]): string {
  const parts = ['Corridor runner: the third-party packages bundled into bin/*.mjs and their licences.\n'];
  for (const dir of dirs) {
    const full = path.join(REPO, dir);
    const pkg = JSON.parse(readFileSync(path.join(full, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
    const licenceFile = readdirSync(full).find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name));
    const text = licenceFile && existsSync(path.join(full, licenceFile)) ? readFileSync(path.join(full, licenceFile), 'utf8').trim() : '(no licence file in the package)';
    parts.push(`${'='.repeat(78)}\n${pkg.name} ${pkg.version} (${pkg.license ?? 'licence not stated'})\n\n${text}\n`);
  }
  return parts.join('\n');
}

function readme(version: string, now: Date): string {
  return `Corridor runner ${version} (built ${now.toISOString()})

Needs Node.js 20.19 or newer, nothing else. Jobs run in a bubblewrap sandbox when bwrap is installed
(apt install bubblewrap).

Run jobs for a Corridor server (a runner token from its Runners page, in the environment):
  CORRIDOR_RUNNER_TOKEN=<token> node corridor-runner/bin/corridor-runner.mjs --server https://corridor.example.org

Report a MATSim run started outside Corridor (an API key from My Profile):
  node corridor-runner/bin/corridor-runner.mjs watch --server https://corridor.example.org --api-key <key> /path/to/output

All options: node corridor-runner/bin/corridor-runner.mjs --help (and watch --help).
`;
}
