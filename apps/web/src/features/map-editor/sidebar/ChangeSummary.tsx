/** The change summary table (spec 2 §3): per group, added / modified / deleted, unsaved and saved. */
import { Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import { useEditor } from '../state/context.ts';
import { changeSummary, type ChangeCounts } from './changeSummary.ts';

const KINDS = ['added', 'modified', 'deleted'] as const;
const STAGES = ['unsaved', 'saved'] as const;

export function ChangeSummary() {
  const { t } = useTranslation(EDITOR_NS);
  const graph = useEditor((state) => state.graph);
  const saved = useEditor((state) => state.saved);
  const rows = useMemo(() => changeSummary({ graph, saved }), [graph, saved]);
  const cells = (counts: ChangeCounts) => KINDS.map((kind) => <Table.Td key={kind} ta="right">{counts[kind]}</Table.Td>);

  return (
    <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={2} horizontalSpacing={4} aria-label={t('sidebar.changes.summary')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          {KINDS.map((kind) => (
            <Table.Th key={kind} ta="right">
              {t(`sidebar.changes.${kind}`)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => [
          <Table.Tr key={row.group}>
            <Table.Th colSpan={4} scope="colgroup">
              <Text size="xs" fw={600}>
                {t(`sidebar.groups.${row.group}`)}
              </Text>
            </Table.Th>
          </Table.Tr>,
          ...STAGES.map((stage) => (
            <Table.Tr key={`${row.group}-${stage}`} data-testid={`summary-${row.group}-${stage}`}>
              <Table.Th scope="row" fw={400}>
                {t(`sidebar.changes.${stage}`)}
              </Table.Th>
              {cells(row[stage])}
            </Table.Tr>
          )),
        ])}
      </Table.Tbody>
    </Table>
  );
}
