/**
 * Filter entries (spec 3 §3 "Filter entry (visualizer)") for the vehicle layer and the link analysis sections: a
 * name from those offered, =, !=, in or not in, and a value — picked from the known values when there are some
 * (one for =/!=, several for in/not in), else typed (a list separated by commas), handed on at Enter or blur.
 */
import { ActionIcon, Button, Group, MultiSelect, Select, Stack } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { VisAttributeType, VisFilter, VisFilterOperator } from '@corridor/contract';
import { useTranslation } from 'react-i18next';
import { VISUALIZER_NS } from '../i18n/index.ts';
import { FILTER_OPERATORS, filterText, filterValue, withOperator } from '../model/filters.ts';
import { CommitInput } from './CommitInput.tsx';

/** A name a filter may take: its type and, when known, its values. */
export interface FilterName {
  type: VisAttributeType;
  values?: readonly string[];
}

function ValueInput({ filter, name, onChange }: { filter: VisFilter; name: FilterName | undefined; onChange: (filter: VisFilter) => void }) {
  const { t } = useTranslation(VISUALIZER_NS);
  const common = { size: 'xs' as const, label: t('panels.settings.filterValue'), style: { flex: 1, minWidth: 0 } };
  const list = filter.operator === 'in' || filter.operator === 'not in';
  if (name?.values && name.values.length > 0) {
    const data = [...name.values];
    return list ? (
      <MultiSelect {...common} data={data} value={Array.isArray(filter.value) ? filter.value : []} onChange={(value) => onChange({ ...filter, value })} searchable />
    ) : (
      <Select {...common} data={data} value={Array.isArray(filter.value) ? null : String(filter.value) || null} onChange={(value) => onChange({ ...filter, value: value ?? '' })} searchable />
    );
  }
  return (
    <CommitInput
      {...common}
      title={list ? t('panels.settings.filterValueHint') : undefined}
      value={filterText(filter)}
      onCommit={(text) => onChange({ ...filter, value: filterValue(filter.operator, text, name?.type) })}
    />
  );
}

export function FilterEditor({ filters, names, onChange }: { filters: readonly VisFilter[]; names: Readonly<Record<string, FilterName>>; onChange: (filters: VisFilter[]) => void }) {
  const { t } = useTranslation(VISUALIZER_NS);
  const offered = Object.keys(names);
  const set = (index: number, filter: VisFilter) => onChange(filters.map((entry, at) => (at === index ? filter : entry)));
  return (
    <Stack gap={4}>
      {filters.map((filter, index) => (
        // Every input of a row shows the filter's stored value, so rows keyed by position stay right after a removal.
        <Group key={index} gap={4} wrap="nowrap" align="flex-end" data-testid="filter-entry">
          <Select
            size="xs"
            label={t('panels.settings.filterName')}
            data={offered}
            value={filter.name || null}
            onChange={(name) => name && set(index, { ...filter, name, value: filterValue(filter.operator, filterText(filter), names[name]?.type) })}
            allowDeselect={false}
            w={90}
          />
          <Select
            size="xs"
            label={t('panels.settings.filterOperator')}
            data={[...FILTER_OPERATORS]}
            value={filter.operator}
            onChange={(value) => value && set(index, withOperator(filter, value as VisFilterOperator, names[filter.name]?.type))}
            allowDeselect={false}
            w={74}
          />
          <ValueInput filter={filter} name={names[filter.name]} onChange={(next) => set(index, next)} />
          <ActionIcon variant="subtle" color="red" mb={4} aria-label={t('panels.settings.removeFilter')} onClick={() => onChange(filters.filter((_, at) => at !== index))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {offered.length > 0 && (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...filters, { name: offered[0]!, operator: '=', value: '' }])}
        >
          {t('panels.settings.addFilter')}
        </Button>
      )}
    </Stack>
  );
}
