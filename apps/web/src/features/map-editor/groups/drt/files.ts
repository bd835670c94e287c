/**
 * The scenario's DRT files per kind (the DRT tab's choosers list the same: tab/files.ts `drtFiles`) and the file of
 * each kind the editor shows (spec 2 §3 `baseFile`): the changeset's baseFile names it (null: none), else the first
 * file of the kind.
 */
import type { ChangesetBody, DrtFileKind, FileEntry } from '@corridor/contract';
import { drtFiles } from './tab/files.ts';

export interface DrtFileRef {
  readonly id: number;
  readonly name: string;
}

export type DrtFiles = Readonly<Record<DrtFileKind, readonly DrtFileRef[]>>;

export const DRT_FILE_KINDS: readonly DrtFileKind[] = ['vehicles', 'stops', 'serviceArea'];

/** The scenario's files per DRT kind (by name). */
export function drtFilesOf(files: readonly Pick<FileEntry, 'id' | 'name' | 'tag'>[]): DrtFiles {
  const of = (kind: DrtFileKind) => drtFiles(files, kind).map((file) => ({ id: file.id, name: file.name }));
  // Stop files: those named for DRT first (any transit schedule holds stops; the first is the default choice).
  const stops = of('stops');
  return { vehicles: of('vehicles'), stops: [...stops.filter((file) => namedForDrt(file.name)), ...stops.filter((file) => !namedForDrt(file.name))], serviceArea: of('serviceArea') };
}

const DRT_NAME = /drt/i;

/** Whether a transit schedule's name says it holds DRT stops (`drtstops.xml`): not the public transport schedule. */
export const namedForDrt = (name: string): boolean => DRT_NAME.test(name);


/**
 * Whether the scenario has DRT files: a fleet, a service area, or a stop file named for DRT (any transit schedule
 * may hold stops, so a schedule alone does not make a DRT scenario).
 */
export const hasDrtFiles = (files: DrtFiles): boolean => files.vehicles.length > 0 || files.serviceArea.length > 0 || files.stops.some((file) => namedForDrt(file.name));

/** The file of the kind to show: the baseFile's (null: none chosen), else the first of the kind. */
export function chosenDrtFile(baseFile: ChangesetBody['baseFile'], files: DrtFiles, kind: DrtFileKind): DrtFileRef | null {
  const named = baseFile?.[kind];
  if (named === null) return null;
  if (named !== undefined) return files[kind].find((file) => file.id === named) ?? { id: named, name: `#${named}` };
  return files[kind][0] ?? null;
}
