/**
 * The MATSim output folders the config catalogue is built from: every `../shared/data/output-*` folder (beside the
 * repository) with an output_config.xml, its output_config_reduced.xml and the build date its logfile.log names.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogueSource } from '../src/config/catalogue-build.ts';
import { SHARED_DATA } from '../test/data.ts';

const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);

/** `MATSim-Build: ree04702… (2024-04-13 15:48:32)` → `2024-04-13 15:48:32`; '' when the log does not say. */
export function buildDate(log: string | undefined): string {
  return /MATSim-Build: \S+ \(\{?([\d-]+ [\d:]+)\}?\)/.exec(log ?? '')?.[1] ?? '';
}

export function catalogueSources(root = SHARED_DATA): CatalogueSource[] {
  return readdirSync(root)
    .filter((name) => name.startsWith('output-') && existsSync(join(root, name, 'output_config.xml')))
    .sort()
    .map((name) => {
      const reduced = read(join(root, name, 'output_config_reduced.xml'));
      return {
        name,
        built: buildDate(read(join(root, name, 'logfile.log'))),
        full: readFileSync(join(root, name, 'output_config.xml'), 'utf8'),
        ...(reduced === undefined ? {} : { reduced }),
      };
    });
}

/** How the generated file names its sources: folder and MATSim build date. */
export function sourceLines(sources: readonly CatalogueSource[]): string[] {
  return sources.map((source) => `../shared/data/${source.name}/output_config.xml (MATSim build ${source.built || 'of unknown date'})`);
}
