/**
 * Save options per group (spec 2 §4 "Saving"): network and transit are saved into the changeset only; DRT groups
 * without a base file only as a new file, with one as a new file or overwriting it. A group saved as a new file
 * gets a default name: its base file's name with "_copy" before the extension (a compression extension stays
 * last), or area.gpkg / drt_vehicles.xml / drt_stops.xml without a base file.
 */
import { copyFileName, defaultDrtFileName, isDrtSaveGroup, type ChangesetBody, type SaveGroup } from '@corridor/contract';

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
