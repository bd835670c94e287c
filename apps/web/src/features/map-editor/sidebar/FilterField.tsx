/**
 * One link attribute's filter (spec 2 §2 Filters): a lower (>=) and an upper (<=) bound for numbers, a value list
 * (in) for categorical attributes. The values of a categorical attribute are loaded when its list first opens; if
 * that fails the list is empty. The list closes 100 ms after it loses focus, so a click on a value still counts.
 */
import { Group, Loader, MultiSelect, NumberInput, Stack, Text } from '@mantine/core';
import type { LinkAttribute } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { networkAttributeValues } from '../../../api/network.ts';
import { EDITOR_NS } from '../i18n/index.ts';
import { useEditorEnv } from '../state/env.ts';
import { CATEGORY_BLUR_DELAY_MS, type AttributeDraft } from './filters.ts';

interface FilterFieldProps {
  attribute: LinkAttribute;
  draft: AttributeDraft | undefined;
  onChange: (draft: AttributeDraft) => void;
}

const numberOrUndefined = (value: number | string) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export function FilterField({ attribute, draft, onChange }: FilterFieldProps) {
  const { t } = useTranslation(EDITOR_NS);
  const { name } = attribute;
  if (attribute.type === 'categorical') return <CategoryFilter name={name} values={draft?.values ?? []} onChange={(values) => onChange({ values })} />;
  const integer = attribute.type === 'numeric';
  return (
    <Stack gap={2}>
      <Text size="xs" fw={500}>
        {name}
      </Text>
      <Group gap="xs" wrap="nowrap" grow>
        <NumberInput
          size="xs"
          aria-label={t('sidebar.filters.atLeast', { name })}
          placeholder=">="
          leftSection={<Text size="xs">≥</Text>}
          allowDecimal={!integer}
          value={draft?.min ?? ''}
          onChange={(value) => onChange({ ...draft, min: numberOrUndefined(value) })}
        />
        <NumberInput
          size="xs"
          aria-label={t('sidebar.filters.atMost', { name })}
          placeholder="<="
          leftSection={<Text size="xs">≤</Text>}
          allowDecimal={!integer}
          value={draft?.max ?? ''}
          onChange={(value) => onChange({ ...draft, max: numberOrUndefined(value) })}
        />
      </Group>
    </Stack>
  );
}

function CategoryFilter({ name, values, onChange }: { name: string; values: readonly string[]; onChange: (values: string[]) => void }) {
  const { t } = useTranslation(EDITOR_NS);
  const { networkFileId } = useEditorEnv();
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closing.current), []);
  const options = useQuery({
    queryKey: ['network', networkFileId, 'attributes', name, 'values'] as const,
    queryFn: ({ signal }) => networkAttributeValues(networkFileId, name, signal).catch(() => [] as string[]),
    enabled: wanted,
    staleTime: Infinity,
  });
  // Chosen values stay selectable even before (or without) the list.
  const data = [...new Set([...values, ...(options.data ?? [])])];

  return (
    <MultiSelect
      size="xs"
      label={name}
      aria-label={t('sidebar.filters.in', { name })}
      data={data}
      value={[...values]}
      onChange={onChange}
      searchable
      clearable
      dropdownOpened={opened}
      onDropdownOpen={() => {
        clearTimeout(closing.current);
        setWanted(true);
        setOpened(true);
      }}
      onDropdownClose={() => {
        clearTimeout(closing.current);
        closing.current = setTimeout(() => setOpened(false), CATEGORY_BLUR_DELAY_MS);
      }}
      nothingFoundMessage={options.isFetching ? undefined : t('sidebar.filters.noValues')}
      rightSection={options.isFetching ? <Loader size={12} /> : undefined}
    />
  );
}
