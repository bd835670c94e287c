/**
 * The DRT tab (spec 2 §2 "Tabs", "DRT tab"): not closeable, shown while the DRT layer is on. The DRT mode (stops or
 * service area) says which card shows beside the Vehicle Fleet card; switching it is locked while the shown group
 * has unsaved changes.
 */
import { Group, SegmentedControl, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../../../i18n/index.ts';
import type { PreviewTab } from '../../../preview/PreviewPanel.tsx';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import type { DrtMode } from '../../../state/types.ts';
import { FleetCard, ServiceAreaCard, StopsCard } from './cards.tsx';
import { hasUnsaved } from './files.ts';
import { Locked } from './Locked.tsx';

export const DRT_TAB_ID = 'drt';

export function DrtTab() {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const mode = useEditor((state) => state.drt.mode);
  const locked = useEditor((state) => hasUnsaved(state.lists.unsaved, state.drt.mode === 'stops' ? 'stops' : 'serviceArea'));
  return (
    <Stack gap="sm" data-testid="drt-tab">
      <Group>
        <Locked locked={locked}>
          <SegmentedControl
          size="xs"
          aria-label={t('drtTab.mode.label')}
          data={[
            { value: 'stops', label: t('drtTab.mode.stops') },
            { value: 'serviceArea', label: t('drtTab.mode.serviceArea') },
          ]}
          value={mode}
          onChange={(value) => store.setDrtMode(value as DrtMode)}
          disabled={locked}
          />
        </Locked>
      </Group>
      <Group align="flex-start" gap="sm" grow wrap="wrap">
        {mode === 'stops' ? <StopsCard /> : <ServiceAreaCard />}
        <FleetCard />
      </Group>
    </Stack>
  );
}

/** The bottom area's DRT tab while the DRT layer is on (none otherwise). */
export function useDrtTab(): readonly PreviewTab[] {
  const { t } = useTranslation(EDITOR_NS);
  const on = useEditor((state) => state.layers.drt);
  const label = t('drtTab.tab');
  return useMemo(() => (on ? [{ id: DRT_TAB_ID, label, content: <DrtTab /> }] : []), [on, label]);
}
