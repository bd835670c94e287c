/**
 * Where the runner's own code lies, in its two forms: a checkout of the repository run through tsx (the embedded
 * runner, development, `npx corridor-runner`), or the downloadable bundle `corridor-runner/` (issue 30), built by the
 * server with esbuild (apps/server/src/modules/runner-bundle) and defining CORRIDOR_BUNDLE there. The bundle is
 * `corridor-runner/bin/corridor-runner.mjs` (this file inside it) next to `corridor-runner/bin/corridor-engine.mjs`,
 * and needs nothing outside its folder but node.
 */
import { createRequire } from 'node:module';
import { realpath } from 'node:fs/promises';
import path from 'node:path';

declare const CORRIDOR_BUNDLE: boolean | undefined;

/** Whether this is the bundle (esbuild's define replaces the name; in the checkout it is not declared). */
export const BUNDLED = typeof CORRIDOR_BUNDLE !== 'undefined' && CORRIDOR_BUNDLE === true;

/** Corridor's install: the repository (apps/runner/src → three levels up), or the bundle's `corridor-runner/` (bin → one up). */
export const INSTALL_ROOT = path.resolve(import.meta.dirname, BUNDLED ? '..' : '../../..');

/** The built-in engine's script: the bundle's `bin/corridor-engine.mjs`, or `…/packages/engine/bin/corridor-engine.mjs` found through the @corridor/engine package. */
export function engineScript(): string {
  if (BUNDLED) return path.join(import.meta.dirname, 'corridor-engine.mjs');
  const entry = createRequire(import.meta.url).resolve('@corridor/engine'); // …/packages/engine/src/index.ts
  return path.join(path.dirname(entry), '..', 'bin', 'corridor-engine.mjs');
}

/**
 * The folders of code the built-in engine runs from, for the sandbox to show read-only: the bundle's folder, or the
 * repository's packages and the node_modules folder tsx lies in.
 */
export async function engineCodePaths(): Promise<string[]> {
  if (BUNDLED) return [await realpath(INSTALL_ROOT)];
  const require = createRequire(import.meta.url);
  const engineRoot = path.dirname(path.dirname(await realpath(require.resolve('@corridor/engine')))); // …/packages/engine
  const tsx = await realpath(require.resolve('tsx'));
  const nodeModules = tsx.slice(0, tsx.lastIndexOf(`${path.sep}node_modules${path.sep}`) + '/node_modules'.length);
  return [path.dirname(engineRoot), nodeModules];
}
