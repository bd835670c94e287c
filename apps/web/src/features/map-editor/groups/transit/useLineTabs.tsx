/**
 * The bottom area's line tabs (spec 2 §2 "Tabs", §4): one closeable tab per open line, named "Line" plus its name or
 * id; a tab whose line no longer exists is closed (an undo that brings the line back does not reopen it).
 */
import { lineOf } from '@corridor/changesets';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewTab } from '../../preview/PreviewPanel.tsx';
import { useEditor, useEditorStore } from '../../state/context.ts';
import { lineTabId } from '../../state/types.ts';
import { LineTab } from './line/LineTab.tsx';

export function useLineTabs(): readonly PreviewTab[] {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const tabs = useEditor((state) => state.lineTabs);
  const graph = useEditor((state) => state.graph);
  const revision = useEditor((state) => state.transitRevision);
  const gone = tabs.filter((tab) => !lineOf(graph, tab.lineId)).map((tab) => tab.lineId);
  useEffect(() => {
    for (const lineId of gone) store.closeLine(lineId);
  }, [gone.join('\u001f'), store]);
  return useMemo(
    () =>
      tabs.flatMap((tab) => {
        const line = lineOf(graph, tab.lineId);
        if (!line) return [];
        return [{ id: lineTabId(tab.lineId), label: t('panels.tabs.line', { name: line.name || line.id }), content: <LineTab lineId={tab.lineId} />, onClose: () => store.closeLine(tab.lineId) }];
      }),
    [tabs, graph, store, t, revision],
  );
}
