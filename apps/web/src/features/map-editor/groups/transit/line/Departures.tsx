/**
 * The Departures tab (spec 2 §2, §5): id, departureTime, vehicleRefId, vehicleType per departure. While the route is
 * edited every cell is edited in place and each change saves the whole list (route/updateDepartures); ids follow
 * "Departure Id must not be empty" and "Departure Id must be unique within the transit line". Add, delete, duplicate
 * a departure (count and interval) and the CSV import are there too.
 */
import { ActionIcon, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { Departure, TransitRoute } from '@corridor/contract';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../../../i18n/index.ts';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { CsvImport } from './CsvImport.tsx';
import { DuplicateDialog } from './DuplicateDialog.tsx';
import { newDeparture } from './edits.ts';
import { departureIdError, lineDepartureIds } from './ids.ts';
import { TextField } from './TextField.tsx';
import { TimeField } from './TimeField.tsx';
import { formatTime } from './time.ts';

export function Departures({ lineId, route, editable }: { lineId: string; route: TransitRoute; editable: boolean }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const [duplicating, setDuplicating] = useState<number | null>(null);
  const departures = route.departures;

  const save = (next: Departure[]) => store.perform({ type: 'route/updateDepartures', lineId, routeId: route.id, departures: next });
  const setRow = (index: number, changed: Partial<Departure>) => {
    const next = departures.map((departure, at) => (at === index ? { ...departure, ...changed } : departure));
    if (changed.vehicleType === '') delete next[index]!.vehicleType;
    save(next);
  };
  const add = () => save([...departures, newDeparture(departures, lineDepartureIds(graph, lineId, route.id, departures))]);

  const label = (field: string, departure: Departure) => t('panels.line.departures.cell', { field: t(`panels.line.departures.${field}` as 'panels.line.departures.id'), id: departure.id });

  return (
    <Stack gap="xs">
      {editable && (
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={add}>
            {t('panels.line.departures.add')}
          </Button>
          <CsvImport lineId={lineId} route={route} />
        </Group>
      )}
      {departures.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('panels.line.departures.empty')}
        </Text>
      ) : (
        <Table striped withTableBorder fz="sm" verticalSpacing={2} aria-label={t('panels.line.tabs.departures')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('panels.line.departures.id')}</Table.Th>
              <Table.Th>{t('panels.line.departures.departureTime')}</Table.Th>
              <Table.Th>{t('panels.line.departures.vehicleRefId')}</Table.Th>
              <Table.Th>{t('panels.line.departures.vehicleType')}</Table.Th>
              {editable && <Table.Th w={70} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {departures.map((departure, index) =>
              editable ? (
                <Table.Tr key={`${index}:${departure.id}`}>
                  <Table.Td>
                    <TextField
                      label={label('id', departure)}
                      hiddenLabel
                      value={departure.id}
                      readOnly={false}
                      error={(value) => {
                        const key = departureIdError(lineDepartureIds(graph, lineId, route.id, departures, index), departure.id, value);
                        return key && t(`panels.line.errors.${key}`);
                      }}
                      onCommit={(id) => setRow(index, { id })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TimeField label={label('departureTime', departure)} seconds={departure.departureTime} readOnly={false} onCommit={(departureTime) => setRow(index, { departureTime })} />
                  </Table.Td>
                  <Table.Td>
                    <TextField label={label('vehicleRefId', departure)} hiddenLabel value={departure.vehicleRefId} readOnly={false} onCommit={(vehicleRefId) => setRow(index, { vehicleRefId })} />
                  </Table.Td>
                  <Table.Td>
                    <TextField label={label('vehicleType', departure)} hiddenLabel value={departure.vehicleType ?? ''} readOnly={false} onCommit={(vehicleType) => setRow(index, { vehicleType })} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon size="sm" variant="subtle" aria-label={t('panels.line.departures.duplicateRow', { id: departure.id })} onClick={() => setDuplicating(index)}>
                        <IconCopy size={14} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        size="sm"
                        color="red"
                        variant="subtle"
                        aria-label={t('panels.line.departures.deleteRow', { id: departure.id })}
                        onClick={() => save(departures.filter((_, at) => at !== index))}
                      >
                        <IconTrash size={14} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ) : (
                <Table.Tr key={`${index}:${departure.id}`}>
                  <Table.Td>{departure.id}</Table.Td>
                  <Table.Td title={`${departure.departureTime} s`}>{formatTime(departure.departureTime)}</Table.Td>
                  <Table.Td>{departure.vehicleRefId}</Table.Td>
                  <Table.Td>{departure.vehicleType ?? ''}</Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      )}
      {duplicating !== null && departures[duplicating] && (
        <DuplicateDialog lineId={lineId} route={route} index={duplicating} onClose={() => setDuplicating(null)} />
      )}
    </Stack>
  );
}
