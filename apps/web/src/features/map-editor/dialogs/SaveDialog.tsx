/**
 * The save-changes dialog (spec 2 §4 "Saving"): the changeset name and one save option per group that has changes.
 * Network (and transit) only go into the changeset. A DRT group shows while it has unsaved changes: without a base
 * file only "As new file", with one also "Overwrite existing" (naming the file it overwrites); a new file's name
 * starts at the §4 default and is checked (a service area is written as .gpkg; a name the scenario has is refused).
 * Any overwrite shows the warning. Save needs an unsaved change. The changeset's base files are sent as it has them
 * (`save`).
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
import { allowedSaveOptions, baseFileOf, canOverwrite, defaultNewFileName, freeFileName, newFileNameProblem, newFileNames, overwrites, saveDialogGroups, SAVE_OPTIONS, type NewFileNames, type SaveOption } from './saveOptions.ts';

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
  // Mounted per opening: the groups are those with changes when the dialog opened.
  const [groups] = useState(() => saveDialogGroups(changeSummary({ graph, saved })));
  const baseFileName = (group: SaveGroup) => {
    const id = baseFileOf(group, baseFile);
    return id === undefined ? undefined : (scenario.files.find((file) => file.id === id)?.name ?? `#${id}`);
  };
  // "Overwrite existing" needs a base file that can be written in its own format (not a shapefile service area).
  const hasBaseFile = (group: SaveGroup) => canOverwrite(group, baseFileName(group));
  const existing = useMemo(() => scenario.files.map((file) => file.name), [scenario.files]);
  const defaultName = (group: SaveGroup) => {
    const name = defaultNewFileName(group, baseFileName(group));
    return name === undefined ? undefined : freeFileName(name, existing);
  };
  const [name, setName] = useState(() => shownChangesetName(history.name, t('sidebar.changes.untitled')));
  const [options, setOptions] = useState<Partial<Record<SaveGroup, SaveOption>>>(() =>
    Object.fromEntries(groups.map((group) => [group, allowedSaveOptions(group, hasBaseFile(group))[0]])),
  );
  const [fileNames, setFileNames] = useState<NewFileNames>({});
  const { busy, error, run } = useDialogAction(onClose);
  const trimmed = name.trim();
  const fileName = (group: SaveGroup) => fileNames[group] ?? defaultName(group) ?? '';
  const problemOf = (group: SaveGroup) => ((options[group] ?? allowedSaveOptions(group, hasBaseFile(group))[0]) === 'new_file' ? newFileNameProblem(group, fileName(group), existing) : undefined);
  const blocked = groups.some((group) => problemOf(group) !== undefined);
  const fileNameError = (group: SaveGroup) => {
    const problem = problemOf(group);
    if (problem === 'gpkg') return t('sidebar.saveDialog.fileNameGpkg');
    return problem === 'exists' ? t('sidebar.saveDialog.fileNameExists', { name: fileName(group).trim() }) : undefined;
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave(history) && trimmed && !blocked) void run(() => save(trimmed, { saveOptions: options, newFileNames: newFileNames(options, fileNames, defaultName) }));
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
                  description={t('sidebar.saveDialog.newFileHint')}
                  value={fileName(group)}
                  onChange={(event) => setFileNames({ ...fileNames, [group]: event.currentTarget.value })}
                  error={fileNameError(group)}
                  maxLength={255}
                />
              )}
              {option === 'overwrite' && (
                <Text size="xs" c="dimmed">
                  {t('sidebar.saveDialog.overwrites', { name: baseFileName(group) })}
                </Text>
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
          <Button type="submit" loading={busy} disabled={!canSave(history) || !trimmed || blocked}>
            {t('sidebar.saveDialog.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
