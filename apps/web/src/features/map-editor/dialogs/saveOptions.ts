/**
 * Save options per group (spec 2 §4 "Saving"): network and transit are saved into the changeset only; DRT groups
 * without a base file only as a new file, with one as a new file or overwriting it. A group saved as a new file
 * gets a default name: its base file's name with "_copy" before the extension (a compression extension stays
 * last), or area.gpkg / drt_vehicles.xml / drt_stops.xml without a base file.
 */
import { copyFileName, defaultDrtFileName, isDrtSaveGroup, type ChangesetBody, type SaveGroup } from '@corridor/contract';
import type { GroupSummary } from '../sidebar/changeSummary.ts';

export const SAVE_OPTIONS = ['changeset', 'new_file', 'overwrite'] as const;
export type SaveOption = (typeof SAVE_OPTIONS)[number];

export type BaseFiles = NonNullable<ChangesetBody['baseFile']>;
export type NewFileNames = Partial<Record<SaveGroup, string>>;

const CHANGESET_ONLY = new Set<SaveGroup>(['network', 'transit']);

/** The options a group may use; the first is its default. */
export function allowedSaveOptions(group: SaveGroup, hasBaseFile: boolean): SaveOption[] {
  if (CHANGESET_ONLY.has(group)) return ['changeset'];
  return hasBaseFile ? ['new_file', 'overwrite'] : ['new_file'];
}

/**
 * Whether the group's base file can be overwritten: a service area is written as GeoPackage, so a shapefile base
 * (`.shp`) is saved as a new file only (the server refuses to overwrite it).
 */
export function canOverwrite(group: SaveGroup, baseFileName: string | undefined): boolean {
  return baseFileName !== undefined && !(group === 'drtServiceArea' && /\.shp$/i.test(baseFileName));
}

/** Whether the overwrite warning shows: some group is set to overwrite its file. */
export function overwrites(options: Partial<Record<SaveGroup, SaveOption>>): boolean {
  return Object.values(options).includes('overwrite');
}

/** The kind of base file each DRT group starts from (the changeset's `baseFile` keys). */
export const BASE_FILE_KIND: Partial<Record<SaveGroup, keyof BaseFiles>> = { drtVehicles: 'vehicles', drtStops: 'stops', drtServiceArea: 'serviceArea' };

/** The group's base file id, if the changeset has one. */
export function baseFileOf(group: SaveGroup, baseFile: BaseFiles | undefined): number | undefined {
  const kind = BASE_FILE_KIND[group];
  return (kind && baseFile?.[kind]) ?? undefined;
}

/** "_copy" before the extension; a compression extension stays last (shared with the server's DRT save). */
export { copyFileName };

/**
 * The default name of a group saved as a new file (the contract's, as the server names it): the base file's copy
 * name (a service area is written as GeoPackage: `zones.shp` → `zones_copy.gpkg`), or the spec's fresh name.
 */
export function defaultNewFileName(group: SaveGroup, baseFileName: string | undefined): string | undefined {
  return isDrtSaveGroup(group) ? defaultDrtFileName(group, baseFileName) : undefined;
}

/** The names of the groups saved as a new file: what the user typed, else the default. */
export function newFileNames(options: Partial<Record<SaveGroup, SaveOption>>, typed: NewFileNames, defaultOf: (group: SaveGroup) => string | undefined): NewFileNames {
  const names: NewFileNames = {};
  for (const [group, option] of Object.entries(options) as [SaveGroup, SaveOption][]) {
    if (option !== 'new_file') continue;
    const name = typed[group]?.trim() || defaultOf(group);
    if (name) names[group] = name;
  }
  return names;
}

/**
 * The groups the dialog offers (spec 2 §4): the change summary's rows, where a DRT group needs unsaved changes — its
 * saved changes live in its file already — and the network and transit rows stay as the summary lists them.
 */
export function saveDialogGroups(rows: readonly GroupSummary[]): SaveGroup[] {
  const unsaved = (row: GroupSummary) => row.unsaved.added + row.unsaved.modified + row.unsaved.deleted > 0;
  return rows.filter((row) => !isDrtSaveGroup(row.group) || unsaved(row)).map((row) => row.group);
}

/** Why a new file's name cannot be used: a service area is written as GeoPackage (.gpkg); a name the scenario has. */
export type FileNameProblem = 'gpkg' | 'exists';

export function newFileNameProblem(group: SaveGroup, name: string, existing: readonly string[]): FileNameProblem | undefined {
  const trimmed = name.trim();
  if (group === 'drtServiceArea' && !/\.gpkg$/i.test(trimmed)) return 'gpkg';
  return existing.includes(trimmed) ? 'exists' : undefined;
}

/**
 * The name itself when the scenario has no file of that name, else the first free `name_2.ext`, `name_3.ext`, …
 * (a compression extension stays last), so that a default name is never one the save refuses.
 */
export function freeFileName(name: string, existing: readonly string[]): string {
  const taken = new Set(existing);
  if (!taken.has(name)) return name;
  const compression = /\.(gz|bz2|xz|zst|lz4|zip)$/i.exec(name)?.[0] ?? '';
  const rest = name.slice(0, name.length - compression.length);
  const dot = rest.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [rest.slice(0, dot), rest.slice(dot)] : [rest, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem}_${n}${extension}${compression}`;
    if (!taken.has(candidate)) return candidate;
  }
}
