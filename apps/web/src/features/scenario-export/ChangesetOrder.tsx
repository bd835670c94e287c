import type { Changeset } from '@corridor/contract';
import { ActionIcon, Badge, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EXPORT_NS } from './i18n/index.ts';
import { moved } from './exportForm.ts';

interface ChangesetOrderProps {
  changesets: readonly Changeset[];
  /** Chosen changeset ids in the order they are applied. */
  value: number[];
  onChange: (next: number[]) => void;
  disabled?: boolean;
}

/** The ordered changeset chooser: the chosen ones in order (move up/down, remove), and a select that adds one. */
export function ChangesetOrder({ changesets, value, onChange, disabled }: ChangesetOrderProps) {
  const { t } = useTranslation(EXPORT_NS);
  if (changesets.length === 0) return <Text c="dimmed">{t('noChangesets')}</Text>;

  const byId = new Map(changesets.map((changeset) => [changeset.id, changeset]));
  const chosen = value.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const addable = changesets.filter((changeset) => !value.includes(changeset.id)).map((changeset) => ({ value: String(changeset.id), label: changeset.name }));

  return (
    <Stack gap="sm">
      {chosen.length === 0 ? (
        <Text c="dimmed">{t('noneChosen')}</Text>
      ) : (
        <Stack component="ol" gap={6} m={0} p={0} aria-label={t('chosenLabel')} style={{ listStyle: 'none' }}>
          {chosen.map((changeset, index) => (
            <Paper component="li" key={changeset.id} withBorder px="sm" py={6}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <Badge variant="light" circle aria-hidden>
                    {index + 1}
                  </Badge>
                  <Text fw={500}>{changeset.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t('modifications', { count: changeset.modifications.length })}
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('moveUp', { name: changeset.name })}
                    disabled={disabled || index === 0}
                    onClick={() => onChange(moved(value, value.indexOf(changeset.id), -1))}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('moveDown', { name: changeset.name })}
                    disabled={disabled || index === chosen.length - 1}
                    onClick={() => onChange(moved(value, value.indexOf(changeset.id), 1))}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('remove', { name: changeset.name })}
                    disabled={disabled}
                    onClick={() => onChange(value.filter((id) => id !== changeset.id))}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {addable.length > 0 && (
        <Select
          label={t('addChangeset')}
          placeholder={t('addPlaceholder')}
          data={addable}
          value={null}
          searchable
          disabled={disabled}
          onChange={(id) => id && onChange([...value, Number(id)])}
          maw={420}
        />
      )}
    </Stack>
  );
}
