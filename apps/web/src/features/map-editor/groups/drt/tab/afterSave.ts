/**
 * After a save that wrote DRT groups to files (spec 2 §4 "Saving"): the answer's modifications hold no drt/* items
 * any more and its baseFile names the files written. The scenario's file list is fetched again (a new file joins
 * it with its tag), and a file overwritten under the id already loaded is loaded again as saved; a file with a new
 * id is loaded by the DRT loader when the baseFile names it (groups/drt/DrtLoader.tsx).
 */
import type { QueryClient } from '@tanstack/react-query';
import { DRT_FILE_KIND_OF_GROUP, DRT_SAVE_GROUP_LIST, type ChangesetBody, type SaveOptions } from '@corridor/contract';
import { fetchDrtData } from '../../../../../api/drt.ts';
import { queryKeys } from '../../../../../api/queryKeys.ts';
import type { EditorStore } from '../../../state/store.ts';
import { drtDataEntities } from '../load.ts';

/** The DRT groups the save wrote to files. */
export function drtGroupsSavedAsFiles(saveOptions: SaveOptions | undefined) {
  return DRT_SAVE_GROUP_LIST.filter((group) => saveOptions?.[group] === 'new_file' || saveOptions?.[group] === 'overwrite');
}

export async function reloadSavedDrtFiles(store: EditorStore, queryClient: QueryClient, scenarioId: number, saveOptions: SaveOptions | undefined, baseFile: ChangesetBody['baseFile']): Promise<void> {
  const groups = drtGroupsSavedAsFiles(saveOptions);
  if (groups.length === 0) return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.dataset(scenarioId) });
  for (const group of groups) {
    const kind = DRT_FILE_KIND_OF_GROUP[group];
    const id = baseFile?.[kind];
    if (typeof id !== 'number') continue;
    queryClient.removeQueries({ queryKey: queryKeys.derivedFiles(id) });
    if (store.loadedDrtFile(kind) !== id) continue;
    try {
      store.loadDrt(kind, id, drtDataEntities(await fetchDrtData(id)));
    } catch (error) {
      console.error('Failed to load DRT data', id, error);
    }
  }
}
