/**
 * `@corridor/matsim/config-text`: configs as text for the browser (the config editor and the run comparison).
 * Nothing reachable from here may import a Node module — `config-text.test.ts` walks the import graph to keep it so.
 */
export { MatsimFormatError, type MatsimErrorCode } from './errors.ts';
export * from './config/model.ts';
export { parseConfigText } from './config/parse.ts';
export { writeConfigText, type ConfigStyle, type WriteConfigOptions } from './config/writer.ts';
export * from './config/aliases.ts';
export * from './config/access.ts';
export { expandFlatSets } from './config/flat-sets.ts';
export * from './config/compare.ts';
export { INPUT_FILE_PARAMS, fileNameOf, mapParamValues, type FileParam } from './config/file-params.ts';
export * from './config/known-params.ts';
export * from './config/catalogue.ts';
