/**
 * Saving DRT groups as files (spec 2 §4 Saving; issue 29): the default names of new files and the refusals the save
 * answers. Server and web share them.
 */
import type { SaveGroup } from './changesets.ts';
import { DRT_DEFAULT_FILE_NAMES, type DrtFileKind } from './drt.ts';

export type DrtSaveGroup = Extract<SaveGroup, 'drtVehicles' | 'drtStops' | 'drtServiceArea'>;
export const DRT_SAVE_GROUP_LIST: readonly DrtSaveGroup[] = ['drtVehicles', 'drtStops', 'drtServiceArea'];
/** The `baseFile` key of each DRT group. */
export const DRT_FILE_KIND_OF_GROUP: Readonly<Record<DrtSaveGroup, DrtFileKind>> = { drtVehicles: 'vehicles', drtStops: 'stops', drtServiceArea: 'serviceArea' };
export const isDrtSaveGroup = (group: string): group is DrtSaveGroup => Object.hasOwn(DRT_FILE_KIND_OF_GROUP, group);

/** How messages name a DRT group. */
export const DRT_GROUP_LABELS: Readonly<Record<DrtSaveGroup, string>> = { drtVehicles: 'DRT vehicles', drtStops: 'DRT stops', drtServiceArea: 'DRT service area' };

const COMPRESSION = /\.(gz|bz2|xz|zst|lz4|zip)$/i;

/** "_copy" before the extension; a compression extension stays last (`stops.xml.gz` → `stops_copy.xml.gz`). */
export function copyFileName(name: string): string {
  const compression = COMPRESSION.exec(name)?.[0] ?? '';
  const rest = name.slice(0, name.length - compression.length);
  const dot = rest.lastIndexOf('.');
  // A leading dot is part of the name, not an extension.
  const [stem, extension] = dot > 0 ? [rest.slice(0, dot), rest.slice(dot)] : [rest, ''];
  return `${stem}_copy${extension}${compression}`;
}

/**
 * The name of a DRT group saved as a new file when the save names none: the base file's copy name — a service area is
 * always written as GeoPackage, so a shapefile base `zones.shp` gives `zones_copy.gpkg` — or the spec's fresh name.
 */
export function defaultDrtFileName(group: DrtSaveGroup, baseFileName: string | undefined): string {
  if (!baseFileName) return DRT_DEFAULT_FILE_NAMES[group];
  const copy = copyFileName(baseFileName);
  return group === 'drtServiceArea' ? copy.replace(/(\.[^.]*)?(\.(gz|bz2|xz|zst|lz4|zip))?$/i, '.gpkg') : copy;
}

/** Spec 2 §4: DRT groups are saved as files only. */
export const drtFileOnlyMessage = (group: DrtSaveGroup) => `The ${DRT_GROUP_LABELS[group]} changes can only be saved as a file, not into the changeset.`;
/** Spec 2 §4: overwriting needs the base file the group was loaded from. */
export const drtOverwriteWithoutBaseMessage = (group: DrtSaveGroup) =>
  `The ${DRT_GROUP_LABELS[group]} changes cannot overwrite a file: no ${DRT_GROUP_LABELS[group].replace('DRT ', '')} file is loaded. Save them as a new file.`;
/** A service area is written as GeoPackage: its new file's name must say so. */
export const DRT_AREA_NAME_MESSAGE = 'The DRT service area is written as a GeoPackage: its file name must end in .gpkg.';
