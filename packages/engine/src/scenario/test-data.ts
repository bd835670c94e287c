/** Real MATSim inputs and outputs live in ../shared/data beside the repository (never copied into it). */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED_DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));

export function sharedData(path: string): string {
  return join(SHARED_DATA, path);
}
