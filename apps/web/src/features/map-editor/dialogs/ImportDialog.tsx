/**
 * The JSON import dialog (spec 2 §2, §5): a changeset pasted as text or read from a `.json` file. Its
 * modifications become unsaved changes; "Invalid JSON format for changeset" and "Unknown Modification Type" show
 * here (the spec only logs them).
 */
import { Alert, Button, FileInput, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import type { ChangesetActions } from '../state/changesets.ts';
import { isJsonFileName } from './importJson.ts';
import { useDialogAction } from './useDialogAction.ts';

interface ImportDialogProps {
  opened: boolean;
  onClose: () => void;
  importJson: ChangesetActions['importJson'];
}

export function ImportDialog({ opened, onClose, importJson }: ImportDialogProps) {
  const { t } = useTranslation(EDITOR_NS);
  return (
    <Modal opened={opened} onClose={onClose} title={t('sidebar.importDialog.title')} size="lg" centered>
      <ImportForm onClose={onClose} importJson={importJson} />
    </Modal>
  );
}

function ImportForm({ onClose, importJson }: Omit<ImportDialogProps, 'opened'>) {
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
      <Text size="sm" c="dimmed">
        {t('sidebar.importDialog.hint')}
      </Text>
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
