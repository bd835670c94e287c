/**
 * Changeset actions of the map editor (spec 2 §4, §7): new, open, save, JSON import and import of another saved
 * changeset by id, wired to the store, the changesets API and the `?id=` of the address. Before modifications are
 * replayed or imported, the links and nodes they refer to are loaded, so they apply to the real network and not only
 * to what the viewport shows.
 * Failures are thrown as errors with a message for the user (the spec only logs them; the sidebar shows them).
 */
import { isNetworkModification, UNSAVED_ID } from '@corridor/changesets';
import { NETWORK_QUERY_MAX_IDS, type Changeset, type Modification } from '@corridor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { changesetsQuery } from '../../../api/changesets.ts';
import { createChangeset, queryNetwork, saveChangeset } from '../../../api/network.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { currentSearchParams } from '../../../components/addressParams.ts';
import { readImport } from '../dialogs/importJson.ts';
import { reloadSavedDrtFiles } from '../groups/drt/tab/afterSave.ts';
import { EDITOR_NS } from '../i18n/index.ts';
import { referencedIds } from '../model/answer.ts';
import { changesetIdOf, idChunks, readModifications, saveBody, shownChangesetName, withChangesetId, type SaveFields } from './changesetModel.ts';
import { useEditorStore } from './context.ts';
import { useEditorEnv } from './env.ts';

export interface ChangesetActions {
  newChangeset(): void;
  open(id: number): Promise<void>;
  /** Saves with the dialog's options and file names; the changeset's base files go with it as it has them. */
  save(name: string, fields?: Omit<SaveFields, 'baseFile'>): Promise<void>;
  importJson(text: string): Promise<void>;
  /** Adds another saved changeset's modifications to the open one as unsaved ones. */
  importChangeset(id: number): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function useChangesetActions(): ChangesetActions {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const { scenario, networkFileId } = useEditorEnv();
  const queryClient = useQueryClient();
  const [, setSearch] = useSearchParams();
  // Only the last open counts: a slower earlier one must not replace it.
  const opening = useRef(0);

  return useMemo(() => {
    const showId = (id: number) => setSearch(() => withChangesetId(currentSearchParams(), id), { replace: true });

    /** Loads what the modifications refer to. A failed query is ignored like every network query (§8): the replay then reports what could not apply. */
    const loadReferenced = async (mods: readonly Modification[]) => {
      for (const ids of idChunks(referencedIds(mods.filter(isNetworkModification)), NETWORK_QUERY_MAX_IDS)) {
        try {
          const answer = await queryNetwork(networkFileId, { type: 'Data', filters: { ids: { ...ids, include_links_for_nodes: true } } });
          store.load(answer, false);
        } catch (error) {
          console.warn('Loading the changeset’s links and nodes failed:', error);
        }
      }
    };

    /** A saved changeset of the scenario, fetched anew, with its modifications typed; errors name it. */
    const fetchChangeset = async (id: number): Promise<{ changeset: Changeset; modifications: Modification[] }> => {
      const list = await queryClient.fetchQuery(changesetsQuery(scenario.id));
      const changeset = list.find((entry) => entry.id === id);
      if (!changeset) throw new Error(t('sidebar.errors.notFound', { id }));
      const modifications = readModifications(changeset.modifications);
      if (!modifications) throw new Error(t('sidebar.errors.unreadable', { name: changeset.name }));
      return { changeset, modifications };
    };

    return {
      newChangeset() {
        opening.current++;
        store.newChangeset();
        showId(UNSAVED_ID);
      },

      async open(id) {
        const seq = ++opening.current;
        const { changeset, modifications } = await fetchChangeset(id);
        await loadReferenced(modifications);
        if (seq !== opening.current) return;
        store.open({ id: changeset.id, name: changeset.name, modifications, baseFile: changeset.baseFile });
        showId(changeset.id);
      },

      async save(name, fields = { saveOptions: { network: 'changeset' } }) {
        const { history, baseFile } = store.getState();
        const body = saveBody(history, name, { ...fields, baseFile });
        let answer;
        try {
          answer = body.id === UNSAVED_ID ? await createChangeset(scenario.id, body) : await saveChangeset(scenario.id, body);
        } catch (error) {
          throw new Error(t('sidebar.errors.save', { reason: messageOf(error) }));
        } finally {
          void queryClient.invalidateQueries({ queryKey: queryKeys.changesets(scenario.id) });
        }
        // The server checked what it stored; read it back typed (what we sent if it would not read).
        const modifications = readModifications(answer.modifications) ?? body.modifications;
        store.saved({ id: answer.id, name: answer.name, modifications, baseFile: answer.baseFile });
        showId(answer.id);
        await reloadSavedDrtFiles(store, queryClient, scenario.id, fields.saveOptions, answer.baseFile);
      },

      async importJson(text) {
        const parsed = readImportOrThrow(text);
        await loadReferenced(parsed);
        store.importModifications(parsed);
      },

      async importChangeset(id) {
        const { changeset, modifications } = await fetchChangeset(id);
        if (modifications.length === 0) throw new Error(t('sidebar.importDialog.emptyChangeset', { name: shownChangesetName(changeset.name, t('sidebar.changes.untitled')) }));
        await loadReferenced(modifications);
        store.importModifications(modifications);
      },
    };
  }, [t, store, scenario.id, networkFileId, queryClient, setSearch]);
}

function readImportOrThrow(text: string): Modification[] {
  const parsed = readImport(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.modifications;
}

/**
 * On the first load with `?id=`, that changeset is opened (once per store: a new network file starts afresh).
 * `open` is the caller's, so this open and the user's share one "last open wins" guard and one busy state.
 */
export function useChangesetFromAddress(open: (id: number) => void): void {
  const [search] = useSearchParams();
  const store = useEditorStore();
  const openedFor = useRef<object | null>(null);
  const latest = useRef({ search, open });
  latest.current = { search, open };

  useEffect(() => {
    if (openedFor.current === store) return;
    openedFor.current = store;
    const id = changesetIdOf(latest.current.search);
    if (id !== undefined) latest.current.open(id);
  }, [store]);
}
