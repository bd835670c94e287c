/**
 * Network table panel (spec 2 §2) for several selected links: bulk actions, a sortable table of 30 rows a page
 * with check boxes and cells edited in place, and a histogram whose brush filters the rows.
 */
import { Group, Pagination, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../../state/context.ts';
import { BulkActions } from './BulkActions.tsx';
import { Histogram } from './Histogram.tsx';
import { LinkTable } from './LinkTable.tsx';
import { linkRows, nextSort, pageCount, pageOf, sortRows, type TableSort } from './tableModel.ts';

export function NetworkTable({ linkIds }: { linkIds: readonly string[] }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const revision = useEditor((state) => state.dataRevision);
  const editMode = useEditor((state) => state.editMode);
  const [sort, setSort] = useState<TableSort>({ column: 'id', direction: 'asc' });
  const [page, setPage] = useState(1);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  /** Link ids inside the histogram's brush; null while there is no brush. */
  const [brushed, setBrushed] = useState<ReadonlySet<string> | null>(null);

  // `revision`: a selected link may load later under the same graph.
  const rows = useMemo(() => linkRows(graph, linkIds), [graph, linkIds, revision]);
  const shown = useMemo(() => {
    const filtered = brushed ? rows.filter((row) => brushed.has(row.link.id)) : rows;
    return sortRows(filtered, sort);
  }, [rows, brushed, sort]);
  const pages = pageCount(shown.length);
  const current = Math.min(page, pages);
  const pageRows = useMemo(() => pageOf(shown, current), [shown, current]);
  const links = useMemo(() => rows.map((row) => row.link), [rows]);
  const checkedLinks = useMemo(() => links.filter((link) => checked.has(link.id)), [links, checked]);
  const scope = checkedLinks.length > 0 ? 'selected' : 'all';
  const targets = scope === 'selected' ? checkedLinks : shown.map((row) => row.link);

  const check = (ids: readonly string[], on: boolean) =>
    setChecked((before) => {
      const next = new Set(before);
      for (const id of ids) (on ? next.add(id) : next.delete(id));
      return next;
    });
  const keepOnly = (keep: (id: string) => boolean) => {
    const selection = store.getState().selection;
    const nodes = selection.type === 'network-links-and-nodes' ? selection.nodes : [];
    store.select({ type: 'network-links-and-nodes', links: linkIds.filter(keep), nodes });
    setChecked(new Set());
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('panels.table.count', { count: rows.length })}
          {brushed && ` · ${t('panels.table.filtered', { count: shown.length })}`}
        </Text>
        <BulkActions links={targets} scope={scope} onUnselect={(ids) => keepOnly((id) => !ids.has(id))} />
      </Group>
      <LinkTable
        rows={pageRows}
        sort={sort}
        onSort={(column) => setSort((before) => nextSort(before, column))}
        checked={checked}
        onCheck={check}
        editable={editMode}
        onEdit={(id, field, value) => store.perform({ type: 'network/updateLink', id, changes: { [field]: value } })}
      />
      {pages > 1 && <Pagination size="sm" total={pages} value={current} onChange={setPage} />}
      <Histogram
        links={links}
        onBrush={(ids) => {
          setBrushed(ids);
          setPage(1);
        }}
        onKeepOnly={(ids) => {
          keepOnly((id) => ids.has(id));
          setBrushed(null);
        }}
      />
    </Stack>
  );
}
