import { Button, Group, Select } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortDirection } from './sorting.ts';

export interface SortState<K extends string> {
  by: K;
  direction: SortDirection;
}

/** Sort state of a list: what it is sorted by and in which direction. */
export function useSortState<K extends string>(by: K, direction: SortDirection = 'asc') {
  return useState<SortState<K>>({ by, direction });
}

interface SortControlProps<K extends string> {
  options: { value: K; label: string }[];
  value: SortState<K>;
  onChange: (value: SortState<K>) => void;
}

/** "Sort by" choice with an ascending/descending toggle (scenario list, file tables). */
export function SortControl<K extends string>({ options, value, onChange }: SortControlProps<K>) {
  const { t } = useTranslation();
  const ascending = value.direction === 'asc';
  const Icon = ascending ? IconSortAscending : IconSortDescending;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        label={t('sort.by')}
        size="xs"
        w={160}
        allowDeselect={false}
        data={options}
        value={value.by}
        onChange={(by) => by && onChange({ ...value, by: by as K })}
      />
      <Button
        size="xs"
        variant="default"
        leftSection={<Icon size={16} aria-hidden />}
        onClick={() => onChange({ ...value, direction: ascending ? 'desc' : 'asc' })}
      >
        {ascending ? t('sort.ascending') : t('sort.descending')}
      </Button>
    </Group>
  );
}
