/**
 * The bottom area (spec 2 §2 "Layout", "Tabs"): two panes side by side (left 70 %, right 30 %) whose tabs can be
 * dragged within and between them, or moved and closed from each tab's menu. The first tab, Preview, cannot be
 * closed. The list is data, so transit line, DRT and DRT vehicle tabs join later through `extraTabs`; where each
 * tab sits is the pure `tabModel.ts`. A pane without tabs is shown only while a tab is dragged, as the place to drop
 * it (issue 25: a permanent empty pane took 30 % of the width from the table).
 */
import { Group } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import { EDITOR_GROUPS } from '../groups/index.ts';
import { useEditor } from '../state/context.ts';
import { SelectionPreview } from './SelectionPreview.tsx';
import { activateTab, closeTab, initialLayout, moveTab, PANES, syncLayout, type PaneId } from './tabModel.ts';
import { TabPane, type PreviewTab } from './TabPane.tsx';

export type { PreviewTab } from './TabPane.tsx';

const PREVIEW_TAB = 'preview';
const PANE_FLEX: Readonly<Record<PaneId, number>> = { left: 7, right: 3 };
/** One empty list for every render, so the tabs below are built once, not per render. */
const NO_EXTRA_TABS: readonly PreviewTab[] = [];

export function PreviewPanel({ extraTabs = NO_EXTRA_TABS }: { extraTabs?: readonly PreviewTab[] }) {
  const { t } = useTranslation(EDITOR_NS);
  const preview = t('panels.tabs.preview');
  const tabs = useMemo(() => {
    const list: PreviewTab[] = [{ id: PREVIEW_TAB, label: preview, content: <SelectionPreview /> }, ...extraTabs];
    return new Map(list.map((tab) => [tab.id, tab]));
  }, [preview, extraTabs]);
  const ids = [...tabs.keys()];
  const [stored, setLayout] = useState(() => initialLayout(ids));
  // Opening a line whose tab is open already brings it to the front (spec 2 §2 "Tabs").
  const shownTab = useEditor((state) => state.shownTab);
  useEffect(() => {
    if (shownTab) setLayout((current) => activateTab(current, shownTab.id));
  }, [shownTab]);
  // A new selection of a network or stop type brings the Preview tab to the front (spec 2 §2 "Preview panel").
  const selection = useEditor((state) => state.selection);
  useEffect(() => {
    if (EDITOR_GROUPS.selectionType(selection.type)?.previewToFront) setLayout((current) => activateTab(current, PREVIEW_TAB));
  }, [selection]);
  // Tabs that came or went since the last render (derived state: set during render, React re-renders at once).
  const layout = syncLayout(stored, ids);
  if (layout !== stored) setLayout(layout);
  // A pane without tabs is only a drop target: shown while a tab is dragged, else the other pane takes the room.
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    if (!dragging) return;
    const end = () => setDragging(false);
    window.addEventListener('dragend', end);
    window.addEventListener('drop', end);
    return () => {
      window.removeEventListener('dragend', end);
      window.removeEventListener('drop', end);
    };
  }, [dragging]);
  const shownPanes = PANES.filter((pane) => dragging || layout[pane].tabs.length > 0);

  return (
    <Group gap="xs" align="stretch" wrap="nowrap" h="100%">
      {shownPanes.map((pane) => (
        <div key={pane} style={{ flex: PANE_FLEX[pane], minWidth: 0, minHeight: 0 }} data-testid={`editor-pane-${pane}`}>
          <TabPane
            // After the drag has started: changing the layout inside dragstart can cancel the drag in Chromium.
            onDragStart={() => setTimeout(() => setDragging(true), 0)}
            pane={pane}
            state={layout[pane]}
            tabs={tabs}
            onActivate={(id) => setLayout((current) => activateTab(current, id))}
            onMove={(id, to, index) => setLayout((current) => moveTab(current, id, to, index))}
            onClose={(tab) => {
              setLayout((current) => closeTab(current, tab.id));
              tab.onClose?.();
            }}
          />
        </div>
      ))}
    </Group>
  );
}
