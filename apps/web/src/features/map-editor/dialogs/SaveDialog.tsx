/**
 * The save-changes dialog (spec 2 §4 "Saving"): the changeset name and one save option per group that has changes.
 * Network (and transit) only go into the changeset; the DRT groups' file options (with the new file's name, a
 * default from §4) and the overwrite warning are wired per group already and show once DRT editing lands. Save
 * needs an unsaved change. The changeset's base files are sent as it has them (`save`).
 */
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { canSave } from '@corridor/changesets';
import { NAME_MAX, type SaveGroup } from '@corridor/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import type { ChangesetActions } from '../state/changesets.ts';
import { useEditor } from '../state/context.ts';
import { useEditorEnv } from '../state/env.ts';
import { changeSummary } from '../sidebar/changeSummary.ts';
import { shownChangesetName } from '../state/changesetModel.ts';
import { useDialogAction } from './useDialogAction.ts';
import { allowedSaveOptions, baseFileOf, defaultNewFileName, newFileNames, overwrites, SAVE_OPTIONS, type NewFileNames, type SaveOption } from './saveOptions.ts';

interface SaveDialogProps {
  opened: boolean;
  onClose: () => void;
  save: ChangesetActions['save'];
}

export function SaveDialog({ opened, onClose, save }: SaveDialogProps) {
  const { t } = useTranslation(EDITOR_NS);
  return (
    <Modal opened={opened} onClose={onClose} title={t('sidebar.saveDialog.title')} centered>
      <SaveForm onClose={onClose} save={save} />
    </Modal>
  );
}

/** Mounted while the dialog is open, so every opening starts from the changeset's current name. */
function SaveForm({ onClose, save }: Omit<SaveDialogProps, 'opened'>) {
  const { t } = useTranslation(EDITOR_NS);
  const history = useEditor((state) => state.history);
  const graph = useEditor((state) => state.graph);
  const saved = useEditor((state) => state.saved);
  const baseFile = useEditor((state) => state.baseFile);
  const { scenario } = useEditorEnv();
  const groups = useMemo(() => changeSummary({ graph, saved }).map((row) => row.group), [graph, saved]);
  const hasBaseFile = (group: SaveGroup) => baseFileOf(group, baseFile) !== undefined;
  const defaultName = (group: SaveGroup) => {
    const id = baseFileOf(group, baseFile);
    return defaultNewFileName(group, scenario.files.find((file) => file.id === id)?.name);
  };
  const [name, setName] = useState(() => shownChangesetName(history.name, t('sidebar.changes.untitled')));
  const [options, setOptions] = useState<Partial<Record<SaveGroup, SaveOption>>>(() =>
    Object.fromEntries(groups.map((group) => [group, allowedSaveOptions(group, hasBaseFile(group))[0]])),
  );
  const [fileNames, setFileNames] = useState<NewFileNames>({});
  const { busy, error, run } = useDialogAction(onClose);
  const trimmed = name.trim();

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave(history) && trimmed) void run(() => save(trimmed, { saveOptions: options, newFileNames: newFileNames(options, fileNames, defaultName) }));
      }}
    >
      <Stack gap="sm">
        <TextInput label={t('sidebar.saveDialog.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={NAME_MAX} required data-autofocus />
        {groups.map((group) => {
          const allowed = allowedSaveOptions(group, hasBaseFile(group));
          const label = t(`sidebar.groups.${group}`);
          const option = options[group] ?? allowed[0]!;
          return (
            <Stack key={group} gap={4}>
              <Select
                label={label}
                aria-label={t('sidebar.saveDialog.option', { group: label })}
                data={SAVE_OPTIONS.map((value) => ({ value, label: t(`sidebar.saveDialog.options.${value}`), disabled: !allowed.includes(value) }))}
                value={option}
                onChange={(value) => value && setOptions({ ...options, [group]: value as SaveOption })}
                allowDeselect={false}
              />
              {option === 'new_file' && (
                <TextInput
                  label={t('sidebar.saveDialog.fileName', { group: label })}
                  value={fileNames[group] ?? defaultName(group) ?? ''}
                  onChange={(event) => setFileNames({ ...fileNames, [group]: event.currentTarget.value })}
                  maxLength={255}
                />
              )}
            </Stack>
          );
        })}
        {overwrites(options) && (
          <Alert color="yellow" role="alert">
            {t('sidebar.saveDialog.overwriteWarning')}
          </Alert>
        )}
        {!canSave(history) && (
          <Text size="sm" c="dimmed">
            {t('sidebar.saveDialog.nothing')}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('sidebar.saveDialog.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={!canSave(history) || !trimmed}>
            {t('sidebar.saveDialog.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
