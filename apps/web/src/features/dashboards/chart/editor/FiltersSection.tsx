/**
 * Filters: the list (removable) and a row to add one. Adding needs a column and a non-empty value; 'last k' needs
 * only the value (column defaults to the first field). Restricted mode hides !=, not in and last k (spec 3 §5).
 */
import { FILTER_OPERATORS, type ChartFilter, type TableField } from '@corridor/contract';
import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARDS_NS } from '../../i18n/index.ts';
import type { ChartData } from '../types.ts';
import { filterOperators, filterToAdd } from './draft.ts';

export function FiltersSection({ chart, fields, onChange }: { chart: ChartData; fields: TableField[]; onChange: (chart: ChartData) => void }) {
  const { t } = useTranslation(DASHBOARDS_NS);
  const [column, setColumn] = useState<string | null>(null);
  const [is, setIs] = useState<ChartFilter['is']>('=');
  const [value, setValue] = useState('');
  const operators = filterOperators(chart.config.options.restricted ?? false, FILTER_OPERATORS);
  const operator = operators.includes(is) ? is : '=';
  const toAdd = filterToAdd(column, operator, value, fields);
  const filters = chart.filters ?? [];
  const add = () => {
    if (!toAdd) return;
    onChange({ ...chart, filters: [...filters, toAdd] });
    setValue('');
  };
  return (
    <Stack gap="xs">
      {filters.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('chart.editor.filters.none')}
        </Text>
      )}
      {filters.map((f, i) => (
        <Group key={`${f.column}-${f.is}-${String(f.value)}-${String(i)}`} gap="xs" wrap="nowrap" data-filter={`${f.column} ${f.is} ${String(f.value)}`}>
          <Text size="sm" style={{ flex: 1 }}>
            <b>{f.column}</b> {f.is} {String(f.value)}
          </Text>
          <ActionIcon variant="subtle" color="gray" aria-label={t('chart.editor.filters.remove')} onClick={() => onChange({ ...chart, filters: filters.filter((_, j) => j !== i) })}>
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ))}
      {/* Two rows: four controls side by side are too narrow in the editor's column. */}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          size="xs"
          label={t('chart.editor.filters.column')}
          data={fields.map((f) => f.name)}
          value={column}
          onChange={setColumn}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('chart.editor.viz.clear', { label: t('chart.editor.filters.column') }), 'aria-hidden': false }}
          style={{ flex: 2 }}
        />
        <Select
          size="xs"
          label={t('chart.editor.filters.operator')}
          data={operators}
          value={operator}
          onChange={(o) => o && setIs(o as ChartFilter['is'])}
          allowDeselect={false}
          style={{ flex: 1 }}
        />
      </Group>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          size="xs"
          label={t('chart.editor.filters.value')}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && add()}
          style={{ flex: 2 }}
        />
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={!toAdd} onClick={add}>
          {t('chart.editor.filters.add')}
        </Button>
      </Group>
    </Stack>
  );
}
