/** The open dialog (spec 2 §7): the scenario's changesets with their number of modifications, each with Open. */
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChangesets } from '../../../api/changesets.ts';
import { EDITOR_NS } from '../i18n/index.ts';
import { useEditor } from '../state/context.ts';
import { useEditorEnv } from '../state/env.ts';
import { shownChangesetName } from '../state/changesetModel.ts';

interface OpenDialogProps {
  opened: boolean;
  onClose: () => void;
  onPick: (id: number) => void;
}

export function OpenDialog({ opened, onClose, onPick }: OpenDialogProps) {
  const { t } = useTranslation(EDITOR_NS);
  return (
    <Modal opened={opened} onClose={onClose} title={t('sidebar.openDialog.title')} centered>
      <ChangesetList onPick={onPick} />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('sidebar.openDialog.cancel')}
        </Button>
      </Group>
    </Modal>
  );
}

/** Mounted while the dialog is open, so the list is fetched anew each time. */
function ChangesetList({ onPick }: Pick<OpenDialogProps, 'onPick'>) {
  const { t } = useTranslation(EDITOR_NS);
  const { scenario } = useEditorEnv();
  const currentId = useEditor((state) => state.history.id);
  const list = useChangesets(scenario.id);

  if (list.isPending) return <Loader size="sm" />;
  if (list.isError) return <Alert color="red">{t('sidebar.openDialog.loadError')}</Alert>;
  if (list.data.length === 0) return <Text size="sm">{t('sidebar.openDialog.empty')}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {list.data.map((changeset) => (
        <Group key={changeset.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={500} truncate="end">
              {shownChangesetName(changeset.name, t('sidebar.changes.untitled'))}
            </Text>
            <Text size="xs" c="dimmed">
              {t('sidebar.openDialog.modifications', { count: changeset.modifications.length })}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {changeset.id === currentId && (
              <Badge variant="light" color="green">
                {t('sidebar.openDialog.current')}
              </Badge>
            )}
            <Button size="xs" variant="light" aria-label={t('sidebar.openDialog.openNamed', { name: shownChangesetName(changeset.name, t('sidebar.changes.untitled')) })} onClick={() => onPick(changeset.id)}>
              {t('sidebar.openDialog.open')}
            </Button>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
