import type { Config } from '@corridor/matsim/config-text';
import { ActionIcon, Button, Collapse, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addEntry, groupEntries, readEntryValue, removeEntry, writeEntryValue, type EntryRef } from '../model/binding.ts';
import { errorFor, type FieldError } from '../model/form.ts';
import { entryView, fieldDoc } from '../model/view.ts';
import type { GroupItem, Level } from '../schema/types.ts';
import { FieldInput } from './FieldInput.tsx';
import { ParamGrid, SetSection } from './ParamFields.tsx';
import { RemoveGroupModal } from './RemoveGroupModal.tsx';

export interface GroupListProps {
  group: GroupItem;
  config: Config;
  level: Level;
  errors: readonly FieldError[];
  files: readonly string[];
  onChange: (change: (config: Config) => Config) => void;
}

/** A repeated parameterset: one collapsible entry each, Add, and a trash button with the confirmation. */
export function GroupList({ group, config, level, errors, files, onChange }: GroupListProps) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<EntryRef>();
  const entries = groupEntries(config, group);
  const title = t(`configEditor.group.${group.label}`);
  // Long lists (full output configs) start collapsed; added entries open.
  const [openedAtStart] = useState(entries.length <= 3);

  return (
    <Stack component="section" aria-label={title} gap="sm">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onChange((current) => addEntry(current, group))}>
          {t('configEditor.add')}
        </Button>
      </Group>
      {entries.length === 0 && <Text c="dimmed">{t('configEditor.noEntries')}</Text>}
      {entries.map((ref, index) => (
        <GroupEntry
          // Entries have no identity of their own in the file: their position is it.
          key={`${entries.length}-${index}`}
          index={index}
          group={group}
          entry={ref}
          initiallyOpen={openedAtStart || index >= entries.length - 1}
          config={config}
          level={level}
          errors={errors}
          files={files}
          onChange={onChange}
          onRemove={() => setRemoving(ref)}
        />
      ))}
      <RemoveGroupModal
        opened={removing !== undefined}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          const ref = removing;
          setRemoving(undefined);
          if (ref) onChange((current) => removeEntry(current, ref, group));
        }}
      />
    </Stack>
  );
}

interface GroupEntryProps extends GroupListProps {
  index: number;
  entry: EntryRef;
  initiallyOpen: boolean;
  onRemove: () => void;
}

function GroupEntry({ index, group, entry, initiallyOpen, config, level, errors, files, onChange, onRemove }: GroupEntryProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const titleField = group.fields.find((field) => field.binding === group.titleField);
  const name = (titleField && readEntryValue(config, entry, titleField)?.trim()) || group.titleDefault || t('configEditor.unnamed');
  // The group's fields of the level, any other the entry sets, and the entry's params the group has no field for.
  const view = entryView(config, group, entry, level);
  const module = group.binding.slice(0, group.binding.indexOf('.'));

  return (
    <Paper withBorder p="sm" role="group" aria-label={`${index + 1}. ${name}`}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="subtle" aria-expanded={open} aria-label={t('configEditor.toggleEntry', { name })} onClick={() => setOpen(!open)}>
            {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
          </ActionIcon>
          <Text fw={500}>{name}</Text>
        </Group>
        <ActionIcon variant="subtle" color="red" aria-label={t('configEditor.removeEntry', { name })} onClick={onRemove}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Collapse expanded={open} keepMounted={false}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
          {view.fields.map((field) => (
            <FieldInput
              key={field.id}
              field={field}
              level={level}
              files={files}
              doc={fieldDoc(field, group)}
              value={readEntryValue(config, entry, field)}
              error={errorFor(errors, field.id, index)}
              onChange={(value) => onChange((current) => writeEntryValue(current, groupEntries(current, group)[index] ?? entry, field, value))}
            />
          ))}
        </SimpleGrid>
        {view.params.length > 0 && (
          <Stack gap="sm" mt="sm">
            <ParamGrid module={module} params={view.params} onChange={onChange} />
          </Stack>
        )}
        {view.sets.map((set) => (
          <Stack key={set.key} mt="sm">
            <SetSection module={module} set={set} onChange={onChange} />
          </Stack>
        ))}
      </Collapse>
    </Paper>
  );
}
