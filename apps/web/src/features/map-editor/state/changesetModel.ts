/**
 * The pure side of opening and saving changesets (spec 2 §4, §7): the `?id=` of the address, the id chunks of the
 * preload query, the bodies sent, the modifications read back. `changesets.ts` wires them to the store and the API.
 */
import { toSave, UNSAVED_ID, type ChangesetHistory } from '@corridor/changesets';
import { Modification, type ChangesetBody, type SaveGroup } from '@corridor/contract';
import type { BaseFiles, NewFileNames, SaveOption } from '../dialogs/saveOptions.ts';

/** The name a new changeset gets (`newHistory`); shown in the user's language, stored as it is typed. */
export const DEFAULT_CHANGESET_NAME = 'Untitled';

/** The changeset's name as shown: the default name in the user's language, any other name as it is. */
export function shownChangesetName(name: string, untitled: string): string {
  return name === DEFAULT_CHANGESET_NAME ? untitled : name;
}

/** The query parameter that names the open changeset. */
export const CHANGESET_PARAM = 'id';

/** The changeset id the address names, or undefined (absent, not a positive whole number). */
export function changesetIdOf(params: URLSearchParams): number | undefined {
  const raw = params.get(CHANGESET_PARAM);
  if (raw === null || !/^[1-9]\d{0,14}$/.test(raw)) return undefined;
  return Number(raw);
}

/** The parameters with `id` set to the changeset, or removed for a changeset not saved yet (id -1); others kept. */
export function withChangesetId(params: URLSearchParams, id: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id === UNSAVED_ID) next.delete(CHANGESET_PARAM);
  else next.set(CHANGESET_PARAM, String(id));
  return next;
}

/** Link and node ids split so no query names more than `max` of either (the id selector's bound). */
export function idChunks(ids: { links: readonly string[]; nodes: readonly string[] }, max: number): { links: string[]; nodes: string[] }[] {
  const count = Math.max(Math.ceil(ids.links.length / max), Math.ceil(ids.nodes.length / max));
  return Array.from({ length: count }, (_, i) => ({
    links: ids.links.slice(i * max, (i + 1) * max),
    nodes: ids.nodes.slice(i * max, (i + 1) * max),
  }));
}

/** A stored changeset's modifications, typed; undefined when they do not all read as modifications. */
export function readModifications(list: unknown): Modification[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const mods: Modification[] = [];
  for (const entry of list) {
    const parsed = Modification.safeParse(entry);
    if (!parsed.success) return undefined;
    mods.push(parsed.data);
  }
  return mods;
}

/** What a save sends besides the modifications (spec 2 §7). */
export interface SaveFields {
  /** One option per group present in the save. */
  readonly saveOptions: Partial<Record<SaveGroup, SaveOption>>;
  /** The names of the groups saved as a new file (`newFileNames` in saveOptions.ts). */
  readonly newFileNames?: NewFileNames;
  /** The DRT files the changeset started from, as it was opened (or last saved). */
  readonly baseFile?: BaseFiles;
}

/**
 * The body of a save: every modification, saved and unsaved, with the save option of each group present, the new
 * file names of the groups saved as a new file, and the changeset's base files. A changeset not saved yet has id -1
 * (POST); the server keeps these fields as the last save sent them, whichever call it was, and answers them back.
 */
export function saveBody(history: ChangesetHistory, name: string, fields: SaveFields): ChangesetBody {
  const { id, modifications } = toSave(history);
  const names = fields.newFileNames ?? {};
  return {
    id,
    name,
    modifications,
    saveOptions: fields.saveOptions,
    ...(Object.keys(names).length > 0 ? { newFileNames: names } : {}),
    ...(fields.baseFile ? { baseFile: fields.baseFile } : {}),
  };
}
