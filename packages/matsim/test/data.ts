/** Real MATSim files live in ../shared/data beside the repository (never copied into it). */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHARED_DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

/** Absolute path of a file under ../shared/data, e.g. `sharedData('equil/network.xml')`. */
export function sharedData(path: string): string {
  return join(SHARED_DATA, path);
}

/** Every file under ../shared/data (relative paths, sorted), SOURCE.md and READMEs included. */
export function allSharedDataFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(SHARED_DATA, path));
    }
  };
  walk(SHARED_DATA);
  return out.sort();
}
