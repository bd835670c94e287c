import { Checkbox, Table, UnstyledButton } from '@mantine/core';
import { IconArrowUp, IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEditorStore } from '../../state/context.ts';
import { LinkDirection } from '../link/LinkDirection.tsx';
import { EditableCell } from './EditableCell.tsx';
import { COLUMNS, type ColumnKey, type LinkRow, type NumericField, type TableSort } from './tableModel.ts';

interface LinkTableProps {
  rows: readonly LinkRow[];
  sort: TableSort;
  onSort: (column: ColumnKey) => void;
  checked: ReadonlySet<string>;
  onCheck: (ids: readonly string[], on: boolean) => void;
  editable: boolean;
  onEdit: (linkId: string, field: NumericField, value: number) => void;
}

const NUMERIC = new Set<ColumnKey>(['capacity', 'freespeed', 'lanes', 'length']);

/** One page of the network table: sortable headers, check boxes, cells edited in place, hover highlights. */
export function LinkTable({ rows, sort, onSort, checked, onCheck, editable, onEdit }: LinkTableProps) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const ids = rows.map((row) => row.link.id);
  const pageChecked = ids.filter((id) => checked.has(id)).length;

  const header = (column: ColumnKey) => {
    const Icon = sort.column !== column ? IconSelector : sort.direction === 'asc' ? IconChevronUp : IconChevronDown;
    return (
      <Table.Th key={column} aria-sort={sort.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
        <UnstyledButton fz="sm" fw={600} onClick={() => onSort(column)} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          {t(`panels.table.columns.${column}`)}
          <Icon size={14} aria-hidden />
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Table striped highlightOnHover withTableBorder fz="sm" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={32}>
            <Checkbox
              size="xs"
              aria-label={t('panels.table.checkPage')}
              checked={ids.length > 0 && pageChecked === ids.length}
              indeterminate={pageChecked > 0 && pageChecked < ids.length}
              onChange={(event) => onCheck(ids, event.currentTarget.checked)}
            />
          </Table.Th>
          {COLUMNS.map(header)}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody onMouseLeave={() => store.hover({})}>
        {rows.map(({ link, bearing }) => (
          <Table.Tr key={link.id} onMouseEnter={() => store.hover({ linkId: link.id })}>
            <Table.Td>
              <Checkbox
                size="xs"
                aria-label={t('panels.table.checkRow', { id: link.id })}
                checked={checked.has(link.id)}
                onChange={(event) => onCheck([link.id], event.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td>
              {bearing !== undefined && <IconArrowUp size={16} aria-hidden style={{ transform: `rotate(${bearing}deg)` }} />}
            </Table.Td>
            <Table.Td ff="monospace" data-column="id">{link.id}</Table.Td>
            {COLUMNS.filter((column) => NUMERIC.has(column)).map((column) => {
              const field = column as NumericField;
              return (
                <Table.Td key={field} data-column={field}>
                  <EditableCell linkId={link.id} field={field} value={link[field]} editable={editable} onCommit={(value) => onEdit(link.id, field, value)} />
                </Table.Td>
              );
            })}
            <Table.Td data-column="modes">{link.modes.join(', ')}</Table.Td>
            <Table.Td>
              <LinkDirection fromId={link.fromId} toId={link.toId} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
