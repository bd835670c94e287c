/**
 * Writes src/config/catalogue.generated.ts: the config catalogue built from the MATSim output folders in
 * ../shared/data (see catalogue-sources.ts). Run `npm run catalogue -w packages/matsim` after adding an output folder;
 * src/config/catalogue.test.ts fails while the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildCatalogue, catalogueModuleText } from '../src/config/catalogue-build.ts';
import { catalogueSources, sourceLines } from './catalogue-sources.ts';

const target = fileURLToPath(new URL('../src/config/catalogue.generated.ts', import.meta.url));
const sources = catalogueSources();
const catalogue = buildCatalogue(sources);
writeFileSync(target, catalogueModuleText(catalogue, sourceLines(sources)));
const params = Object.values(catalogue).reduce((sum, module) => sum + Object.keys(module.params).length + Object.values(module.sets).reduce((s, set) => s + Object.keys(set).length, 0), 0);
console.log(`Wrote ${target}: ${Object.keys(catalogue).length} modules, ${params} params from ${sources.length} output folders.`);
