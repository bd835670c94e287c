import { DASHBOARD_LIMITS, type DashboardBody, type DashboardOptions, type DashboardVariable } from '@corridor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createDashboard, saveDashboard } from '../../../api/dashboards.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { autosaveDue, changed, initialSaveState, type SaveState, saved } from './autosave.ts';
import { type Panel, toItems, toPanels } from './panels.ts';

/** What the board edits; `id` is undefined until the first save of a new dashboard. */
export interface BoardDraft {
  name: string;
  panels: Panel[];
  variables: DashboardVariable[];
  options: DashboardOptions;
}

export interface BoardStart extends Omit<BoardDraft, 'panels'> {
  id: number | undefined;
  locked: boolean;
  items: DashboardBody['items'];
  /** Filled from a template on the way in (`?template=`): a change like "Load from Template", so it is autosaved. */
  unsaved?: boolean;
}

type SaveKind = 'auto' | 'manual';

/**
 * The board's state and its saving (spec 3 §4 Dashboard): every change counts for the autosave, which runs
 * DASHBOARD_LIMITS.autosaveDelayMs after the last change of an unlocked board; one save at a time (a save asked for
 * meanwhile runs after it, so a new dashboard is POSTed once); the first save of a new dashboard POSTs and calls
 * `onCreated` with the id.
 */
export function useBoard(groupId: number, start: BoardStart, onCreated: (id: number) => void) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<BoardDraft>(() => ({ ...start, panels: toPanels(start.items) }));
  const [saveState, setSaveState] = useState<SaveState>(() => (start.unsaved ? changed(initialSaveState) : initialSaveState));
  const [locked, setLocked] = useState(start.locked);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const id = useRef(start.id);
  const latest = useRef({ draft, saveState });
  latest.current = { draft, saveState };
  // The page passes a new callback on each render; the save must not change with it (that would restart the timer).
  const created = useRef(onCreated);
  created.current = onCreated;
  const inFlight = useRef(false);
  const queued = useRef<SaveKind | null>(null);

  const update = useCallback((change: (draft: BoardDraft) => BoardDraft) => {
    setDraft(change);
    setSaveState(changed);
  }, []);

  const save = useCallback(
    async (kind: SaveKind) => {
      if (inFlight.current) {
        queued.current = queued.current === 'manual' ? 'manual' : kind;
        return;
      }
      inFlight.current = true;
      setSaving(true);
      const { draft: current, saveState: state } = latest.current;
      const body: DashboardBody = { groupId, name: current.name, items: toItems(current.panels), variables: current.variables, options: current.options };
      try {
        if (id.current === undefined) {
          const newId = await createDashboard(body);
          id.current = newId;
          // The page's query for the new address finds the board at once, so the page does not reload it.
          queryClient.setQueryData(queryKeys.dashboard(newId), { ...body, id: newId, locked: false, created: '', modified: '' });
          created.current(newId);
        } else {
          await saveDashboard(id.current, body);
        }
        setSaveError(null);
        setSaveState((now) => saved(now, state.version, kind, new Date()));
        void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardList(groupId) });
      } catch (error) {
        setSaveError(error);
      } finally {
        inFlight.current = false;
        setSaving(false);
        const next = queued.current;
        queued.current = null;
        if (next) void save(next);
      }
    },
    [groupId, queryClient],
  );

  useEffect(() => {
    if (!autosaveDue(saveState, locked)) return;
    const timer = setTimeout(() => void save('auto'), DASHBOARD_LIMITS.autosaveDelayMs);
    return () => clearTimeout(timer);
  }, [saveState, locked, save]);

  return { id: id.current, draft, update, save, saving, saveError, saveState, locked, setLocked };
}
