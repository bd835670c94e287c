/**
 * The Time Profile (spec 2 §2): one row per route stop with id (stop id and name), occurrence, stopTime,
 * awaitDeparture, travelTime, linkId, arrivalOffset and departureOffset (seconds, shown HH:MM:SS). While the route
 * is edited the times and awaitDeparture are edited in place (route/updateStop) and a row can be deleted
 * (route/deleteStop; not the last stop: disabled with one stop or fewer).
 */
import { ActionIcon, Checkbox, Table, Text } from '@mantine/core';
import type { TransitRoute } from '@corridor/contract';
import { IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../../../i18n/index.ts';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { TimeField } from './TimeField.tsx';
import { editedStop, TIME_FIELDS, timeProfileRows, type TimeField as TimeFieldName } from './timeProfile.ts';

export function TimeProfile({ lineId, route, editable }: { lineId: string; route: TransitRoute; editable: boolean }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const rows = useMemo(() => timeProfileRows(graph, route), [graph, route]);
  const canDelete = route.stops.length > 1;

  const setTime = (index: number, field: TimeFieldName, value: number) => {
    const stop = editedStop(route, index, field, value);
    if (stop) store.perform({ type: 'route/updateStop', lineId, routeId: route.id, index, stop });
  };
  const column = (key: string) => t(`panels.line.timeProfile.${key}` as 'panels.line.timeProfile.id');

  return (
    <Table striped withTableBorder fz="sm" verticalSpacing={2} aria-label={t('panels.line.tabs.timeProfile')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{column('id')}</Table.Th>
          <Table.Th>{column('occurrence')}</Table.Th>
          <Table.Th>{column('stopTime')}</Table.Th>
          <Table.Th>{column('awaitDeparture')}</Table.Th>
          <Table.Th>{column('travelTime')}</Table.Th>
          <Table.Th>{column('linkId')}</Table.Th>
          <Table.Th>{column('arrivalOffset')}</Table.Th>
          <Table.Th>{column('departureOffset')}</Table.Th>
          {editable && <Table.Th w={40} />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const label = (field: string) => t('panels.line.timeProfile.cell', { field: column(field), stop: row.name || row.id, index: row.index + 1 });
          const time = (field: TimeFieldName) => (
            <Table.Td key={field}>
              <TimeField label={label(field)} seconds={row[field]} readOnly={!editable} signed={field === 'travelTime'} onCommit={(value) => setTime(row.index, field, value)} />
            </Table.Td>
          );
          return (
            <Table.Tr key={`${row.index}:${row.id}`}>
              <Table.Td>
                <Text size="sm" span>
                  {row.id}
                </Text>
                {row.name && (
                  <Text size="xs" c="dimmed" span ml={6}>
                    {row.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{row.occurrence}</Table.Td>
              {time(TIME_FIELDS[0]!)}
              <Table.Td>
                <Checkbox
                  size="xs"
                  aria-label={label('awaitDeparture')}
                  checked={row.awaitDeparture}
                  disabled={!editable}
                  onChange={(event) =>
                    store.perform({ type: 'route/updateStop', lineId, routeId: route.id, index: row.index, stop: { ...route.stops[row.index]!, awaitDeparture: event.currentTarget.checked } })
                  }
                />
              </Table.Td>
              {time(TIME_FIELDS[1]!)}
              <Table.Td>{row.linkId ?? '–'}</Table.Td>
              {time(TIME_FIELDS[2]!)}
              {time(TIME_FIELDS[3]!)}
              {editable && (
                <Table.Td>
                  <ActionIcon
                    size="sm"
                    color="red"
                    variant="subtle"
                    disabled={!canDelete}
                    aria-label={t('panels.line.timeProfile.delete', { stop: row.name || row.id, index: row.index + 1 })}
                    onClick={() => store.perform({ type: 'route/deleteStop', lineId, routeId: route.id, index: row.index })}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
