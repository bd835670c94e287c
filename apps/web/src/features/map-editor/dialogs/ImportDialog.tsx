/**
 * The import dialog (spec 2 §2, §5, §7): modifications from a changeset pasted as JSON text or read from a `.json`
 * file, or from another saved changeset of the scenario picked by name (its id; the open changeset is not offered).
 * They become unsaved changes of the open changeset; those the loaded network refuses show in the sidebar's apply
 * errors. "Invalid JSON format for changeset" and "Unknown Modification Type" show here (the spec only logs them).
 */
import { Alert, Button, FileInput, Group, Loader, Modal, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangesets } from '../../../api/changesets.ts';
import { EDITOR_NS } from '../i18n/index.ts';
import type { ChangesetActions } from '../state/changesets.ts';
import { shownChangesetName } from '../state/changesetModel.ts';
import { useEditor } from '../state/context.ts';
import { useEditorEnv } from '../state/env.ts';
import { isJsonFileName } from './importJson.ts';
import { useDialogAction } from './useDialogAction.ts';

interface ImportDialogProps {
  opened: boolean;
  onClose: () => void;
  importJson: ChangesetActions['importJson'];
  importChangeset: ChangesetActions['importChangeset'];
}

export function ImportDialog({ opened, onClose, importJson, importChangeset }: ImportDialogProps) {
  const { t } = useTranslation(EDITOR_NS);
  return (
    <Modal opened={opened} onClose={onClose} title={t('sidebar.importDialog.title')} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('sidebar.importDialog.hint')}
        </Text>
        <Tabs defaultValue="json" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="json">{t('sidebar.importDialog.fromJson')}</Tabs.Tab>
            <Tabs.Tab value="saved">{t('sidebar.importDialog.fromSaved')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="json" pt="sm">
            <JsonForm onClose={onClose} importJson={importJson} />
          </Tabs.Panel>
          <Tabs.Panel value="saved" pt="sm">
            <SavedChangesets onClose={onClose} importChangeset={importChangeset} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Modal>
  );
}

function JsonForm({ onClose, importJson }: Pick<ImportDialogProps, 'onClose' | 'importJson'>) {
  const { t } = useTranslation(EDITOR_NS);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const { busy, error, setError, run } = useDialogAction(onClose);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setError(null);
    if (!chosen) return;
    if (!isJsonFileName(chosen.name)) {
      setError(t('sidebar.importDialog.notJson', { name: chosen.name }));
      return;
    }
    try {
      setText(await chosen.text());
    } catch {
      setError(t('sidebar.importDialog.readError'));
    }
  };

  return (
    <Stack gap="sm">
      <Textarea
        label={t('sidebar.importDialog.text')}
        placeholder={t('sidebar.importDialog.placeholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={6}
        maxRows={14}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-autofocus
      />
      <FileInput label={t('sidebar.importDialog.file')} accept=".json,application/json" value={file} onChange={(chosen) => void choose(chosen)} clearable />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('sidebar.importDialog.cancel')}
        </Button>
        <Button onClick={() => void run(() => importJson(text))} loading={busy} disabled={text.trim() === ''}>
          {t('sidebar.importDialog.import')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The scenario's other saved changesets, fetched anew each time the tab shows, each with Import. */
function SavedChangesets({ onClose, importChangeset }: Pick<ImportDialogProps, 'onClose' | 'importChangeset'>) {
  const { t } = useTranslation(EDITOR_NS);
  const { scenario } = useEditorEnv();
  const currentId = useEditor((state) => state.history.id);
  const list = useChangesets(scenario.id);
  const { busy, error, run } = useDialogAction(onClose);
  const [picked, setPicked] = useState<number | null>(null);

  let body;
  if (list.isPending) body = <Loader size="sm" />;
  else if (list.isError) body = <Alert color="red">{t('sidebar.openDialog.loadError')}</Alert>;
  else {
    const others = list.data.filter((changeset) => changeset.id !== currentId);
    body =
      others.length === 0 ? (
        <Text size="sm">{t('sidebar.importDialog.noOthers')}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('sidebar.importDialog.fromSaved')}>
          {others.map((changeset) => {
            const name = shownChangesetName(changeset.name, t('sidebar.changes.untitled'));
            const count = changeset.modifications.length;
            return (
              <Group key={changeset.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={500} truncate="end">
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {count === 0 ? t('sidebar.importDialog.nothingIn') : t('sidebar.openDialog.modifications', { count })}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={t('sidebar.importDialog.importNamed', { name })}
                  disabled={count === 0 || (busy && picked !== changeset.id)}
                  loading={busy && picked === changeset.id}
                  onClick={() => {
                    setPicked(changeset.id);
                    void run(() => importChangeset(changeset.id));
                  }}
                >
                  {t('sidebar.importDialog.import')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      );
  }

  return (
    <Stack gap="sm">
      {body}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('sidebar.importDialog.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
