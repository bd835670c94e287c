/**
 * Change management (spec 2 §2, §4): the open changeset's name and state, New / Open / Save / Import (JSON or
 * another saved changeset), undo and redo, the edit-mode switch, the "mark saved changes" switch (`calculateDiff`,
 * kept in the address), the apply errors and the change summary. Opening a changeset or starting a new one with
 * unsaved changes asks first ("Warning: Unsaved Changes will be lost"); failures show in an alert here.
 */
import { ActionIcon, Alert, Badge, Group, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { canRedo, canSave, canUndo, UNSAVED_ID } from '@corridor/changesets';
import { IconArrowBackUp, IconArrowForwardUp, IconDeviceFloppy, IconFileImport, IconFilePlus, IconFolderOpen } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentSearchParams } from '../../../components/addressParams.ts';
import { ConfirmUnsavedDialog } from '../dialogs/ConfirmUnsavedDialog.tsx';
import { ImportDialog } from '../dialogs/ImportDialog.tsx';
import { OpenDialog } from '../dialogs/OpenDialog.tsx';
import { SaveDialog } from '../dialogs/SaveDialog.tsx';
import { EDITOR_NS } from '../i18n/index.ts';
import { useChangesetActions, useChangesetFromAddress } from '../state/changesets.ts';
import { shownChangesetName } from '../state/changesetModel.ts';
import { useEditor, useEditorStore } from '../state/context.ts';
import { withCalculateDiff } from '../state/viewAddress.ts';
import { ApplyErrors } from './ApplyErrors.tsx';
import { ChangeSummary } from './ChangeSummary.tsx';
import { ModificationList } from './ModificationList.tsx';

type DialogName = 'save' | 'open' | 'import';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function ChangeManagement() {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const history = useEditor((state) => state.history);
  const editMode = useEditor((state) => state.editMode);
  const calculateDiff = useEditor((state) => state.calculateDiff);
  const hasSaved = useEditor((state) => state.lists.saved.length > 0);
  const [, setSearch] = useSearchParams();
  const actions = useChangesetActions();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const unsaved = canSave(history);
  /** Runs an action that drops the unsaved changes, after the confirm dialog when there are some. */
  const guard = (action: () => void) => (unsaved ? setPending(() => action) : action());
  const open = (id: number) => {
    setError(null);
    setOpening(true);
    actions
      .open(id)
      .catch((failure: unknown) => setError(messageOf(failure)))
      .finally(() => setOpening(false));
  };
  useChangesetFromAddress(open);
  const shownName = shownChangesetName(history.name, t('sidebar.changes.untitled'));
  const status = unsaved ? 'unsaved' : history.id === UNSAVED_ID ? 'new' : 'saved';

  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {t('sidebar.changes.title')}
      </Title>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text fw={600} truncate="end" title={shownName} data-testid="changeset-name">
          {shownName}
        </Text>
        <Badge color={status === 'unsaved' ? 'orange' : status === 'saved' ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
          {t(`sidebar.changes.status.${status}`)}
        </Badge>
      </Group>
      <Group gap={4}>
        <Action label={t('sidebar.changes.new')} onClick={() => guard(() => actions.newChangeset())} icon={<IconFilePlus size={18} aria-hidden />} />
        <Action label={t('sidebar.changes.open')} loading={opening} onClick={() => setDialog('open')} icon={<IconFolderOpen size={18} aria-hidden />} />
        <Action label={t('sidebar.changes.save')} disabled={!canSave(history)} onClick={() => setDialog('save')} icon={<IconDeviceFloppy size={18} aria-hidden />} />
        <Action label={t('sidebar.changes.import')} disabled={!editMode} onClick={() => setDialog('import')} icon={<IconFileImport size={18} aria-hidden />} />
        <Action label={t('sidebar.changes.undo')} disabled={!editMode || !canUndo(history)} onClick={() => store.undo()} icon={<IconArrowBackUp size={18} aria-hidden />} />
        <Action label={t('sidebar.changes.redo')} disabled={!editMode || !canRedo(history)} onClick={() => store.redo()} icon={<IconArrowForwardUp size={18} aria-hidden />} />
      </Group>
      <Switch label={t('sidebar.changes.editMode')} checked={editMode} onChange={(event) => store.setEditMode(event.currentTarget.checked)} />
      <Switch
        label={t('sidebar.changes.diff')}
        checked={calculateDiff}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          store.setCalculateDiff(on);
          setSearch(() => withCalculateDiff(currentSearchParams(), on), { replace: true, preventScrollReset: true });
        }}
      />
      {!calculateDiff && hasSaved && (
        <Text size="xs" c="dimmed" data-testid="diff-hint">
          {t('sidebar.changes.diffHint')}
        </Text>
      )}
      <ApplyErrors />
      {error && (
        <Alert color="red" withCloseButton closeButtonLabel={t('sidebar.errors.dismiss')} onClose={() => setError(null)} role="alert">
          {error}
        </Alert>
      )}
      <ChangeSummary />
      <ModificationList />
      <SaveDialog opened={dialog === 'save'} onClose={() => setDialog(null)} save={actions.save} />
      <OpenDialog
        opened={dialog === 'open'}
        onClose={() => setDialog(null)}
        onPick={(id) => {
          setDialog(null);
          guard(() => open(id));
        }}
      />
      <ImportDialog opened={dialog === 'import'} onClose={() => setDialog(null)} importJson={actions.importJson} importChangeset={actions.importChangeset} />
      <ConfirmUnsavedDialog
        opened={pending !== null}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          pending?.();
          setPending(null);
        }}
      />
    </Stack>
  );
}

/** One icon button, named by its label (aria-label and tooltip). */
function Action(props: { label: string; icon: ReactNode; onClick: () => void; disabled?: boolean; loading?: boolean }) {
  return (
    <Tooltip label={props.label} withArrow>
      <ActionIcon variant="default" size="lg" aria-label={props.label} disabled={props.disabled} loading={props.loading} onClick={props.onClick}>
        {props.icon}
      </ActionIcon>
    </Tooltip>
  );
}
