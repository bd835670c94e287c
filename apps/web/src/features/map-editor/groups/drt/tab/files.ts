/**
 * The DRT tab's file choosers (spec 2 §2 "DRT tab"): the scenario's files of each DRT kind by their sniffed tag —
 * fleets `dvrp_vehicles_*`, stop files `transitSchedule_*`, service areas as shapefiles (the .shp of a set) or
 * GeoPackages — and the networks (`network_v*`) a generation places on. A chooser (and the DRT mode switch) is
 * locked while its group has unsaved changes: "Save or discard changes before selecting a new file".
 */
import type { DrtFileKind, FileEntry, Modification } from '@corridor/contract';

type TaggedFile = Pick<FileEntry, 'id' | 'name' | 'tag'>;

const SHP = /\.shp$/i;
const GPKG = /\.gpkg$/i;

/** Whether the file holds DRT data of the kind. */
export function isDrtFile(file: TaggedFile, kind: DrtFileKind): boolean {
  const tag = file.tag ?? '';
  switch (kind) {
    case 'vehicles':
      return tag.startsWith('dvrp_vehicles');
    case 'stops':
      return tag.startsWith('transitSchedule');
    case 'serviceArea':
      return (tag === 'shapefile' && SHP.test(file.name)) || tag === 'geopackage' || GPKG.test(file.name);
  }
}

const byName = <F extends TaggedFile>(files: readonly F[]) => [...files].sort((a, b) => a.name.localeCompare(b.name));

/** The scenario's files of a DRT kind, by name. */
export function drtFiles<F extends TaggedFile>(files: readonly F[], kind: DrtFileKind): F[] {
  return byName(files.filter((file) => isDrtFile(file, kind)));
}

/** The networks a generation can place on (spec 2 §2: network files are network_v*), by name. */
export function networkFiles<F extends TaggedFile>(files: readonly F[]): F[] {
  return byName(files.filter((file) => (file.tag ?? '').startsWith('network_v')));
}

/** The chooser's value for "no file". */
export const NO_FILE = 'none';

/** The DRT kind a modification changes (stops, vehicles or service area). */
export function drtKindOf(mod: Pick<Modification, 'type'>): DrtFileKind | undefined {
  if (!mod.type.startsWith('drt/')) return undefined;
  if (mod.type.endsWith('Stops')) return 'stops';
  if (mod.type.endsWith('Vehicles')) return 'vehicles';
  return 'serviceArea';
}

/** Whether the kind has unsaved changes: its chooser is locked then (and the mode switch while it is shown). */
export function hasUnsaved(unsaved: readonly Pick<Modification, 'type'>[], kind: DrtFileKind): boolean {
  return unsaved.some((mod) => drtKindOf(mod) === kind);
}

/** Whether there are network modifications (a generation's warning: they are not considered). */
export function hasNetworkChanges(modifications: readonly Pick<Modification, 'type'>[]): boolean {
  return modifications.some((mod) => mod.type.startsWith('network/'));
}
