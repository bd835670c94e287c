/**
 * The pure part of a scenario export: the names the chosen files get in the zip, and the config with its file
 * params pointing at them by relative name. MATSim resolves relative paths against the config file's folder, so
 * the unpacked zip runs as it is. Shares the param table and walk with the runner's working config
 * (`@corridor/matsim` INPUT_FILE_PARAMS / mapParamValues).
 */
import { isOutsidePath, paramNamesFile, type FileRole } from '@corridor/contract';
import { fileNameOf, INPUT_FILE_PARAMS, mapParamValues, setParam, type Config } from '@corridor/matsim';

export interface ExportedFile {
  id: number;
  role: FileRole;
  /** The file's name in the scenario. */
  name: string;
}

export interface ZipEntry extends ExportedFile {
  /** The entry's name in the zip (unique, no folders). */
  zipName: string;
}

/** Where MATSim writes when the config's output directory would leave the unpacked folder. */
export const EXPORT_OUTPUT_DIRECTORY = './output';

/**
 * One zip entry per file (a file in two roles is exported once, under its first role). Names keep the scenario's
 * file name; a name taken by an earlier file gets "-2", "-3", … before its endings ("network-2.xml.gz"). The config
 * is written as text, so a compressed config loses its ".gz"/".zst".
 */
export function zipEntries(files: readonly ExportedFile[]): ZipEntry[] {
  const taken = new Set<string>();
  const entries: ZipEntry[] = [];
  for (const file of files) {
    if (entries.some((entry) => entry.id === file.id)) continue;
    const base = safeName(file.role === 'config' ? file.name.replace(/\.(gz|zst)$/i, '') : file.name);
    let zipName = base;
    for (let n = 2; taken.has(zipName.toLowerCase()); n++) zipName = numbered(base, n);
    taken.add(zipName.toLowerCase());
    entries.push({ ...file, zipName });
  }
  return entries;
}

/**
 * The config pointing at the zip's files: each role's param names its entry; any other file param whose file name
 * is one of the exported files' names names that entry. Params naming files that are not exported stay as written
 * (a URL still works anywhere); an output directory that would leave the folder becomes `./output`.
 */
export function exportConfig(config: Config, entries: readonly ZipEntry[]): Config {
  let result = config;
  for (const entry of entries) {
    const target = INPUT_FILE_PARAMS[entry.role];
    if (target) result = setParam(result, target.module, target.param, entry.zipName);
  }
  const names = new Set(entries.map((entry) => entry.zipName));
  return mapParamValues(result, (where, param, value) => {
    if (!paramNamesFile(param, value) || names.has(value)) return value;
    if (where === 'controller.outputDirectory') return isOutsidePath(value) ? EXPORT_OUTPUT_DIRECTORY : value;
    const file = fileNameOf(value);
    const match = entries.find((entry) => entry.name === file || entry.zipName === file);
    return match ? match.zipName : value;
  });
}

/** A file name as one zip entry: no folders, no leading dots (never "..", never hidden). */
function safeName(name: string): string {
  const flat = name.replace(/[/\\]/g, '_').replace(/^\.+/, '');
  return flat === '' ? 'file' : flat;
}

/** "network.xml.gz", 2 → "network-2.xml.gz"; "README", 2 → "README-2". */
function numbered(name: string, n: number): string {
  const dot = name.indexOf('.');
  return dot <= 0 ? `${name}-${n}` : `${name.slice(0, dot)}-${n}${name.slice(dot)}`;
}
