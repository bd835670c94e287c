/**
 * The DRT tabs of the bottom area (spec 2 §2 "Tabs"): a closeable tab per opened DRT vehicle, named "Vehicle" plus
 * its id, after the non-closeable DRT tab (tab/DrtTab.tsx, shown while the DRT layer is on); a vehicle tab whose
 * vehicle no longer exists is closed.
 */
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewTab } from '../../preview/PreviewPanel.tsx';
import { useEditor, useEditorStore } from '../../state/context.ts';
import { vehicleTabId } from '../../state/types.ts';
import { VehicleCard } from './preview/VehicleCard.tsx';
import { drtVehicleOf } from './read.ts';
import { useDrtTab } from './tab/DrtTab.tsx';

export function useDrtTabs(): readonly PreviewTab[] {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const tabs = useEditor((state) => state.drt.vehicleTabs);
  const graph = useEditor((state) => state.graph);
  const revision = useEditor((state) => state.drtRevision);
  const drtTab = useDrtTab();
  const gone = tabs.filter((id) => !drtVehicleOf(graph, id));
  useEffect(() => {
    for (const id of gone) store.closeVehicle(id);
  }, [gone.join('\u001f'), store]);
  return useMemo(
    () => [
      ...drtTab,
      ...tabs.flatMap((id) => {
        if (!drtVehicleOf(graph, id)) return [];
        return [{ id: vehicleTabId(id), label: t('panels.tabs.vehicle', { id }), content: <VehicleCard vehicleId={id} inTab />, onClose: () => store.closeVehicle(id) }];
      }),
    ],
    [drtTab, tabs, graph, store, t, revision],
  );
}
