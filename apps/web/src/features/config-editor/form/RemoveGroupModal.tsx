import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Remove Group" – "Do you really want to remove this group?" with the confirm label Remove (spec 1 §2.14). */
export function RemoveGroupModal({ opened, onConfirm, onCancel }: { opened: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('configEditor.removeGroupTitle')} centered>
      <Text>{t('configEditor.removeGroupText')}</Text>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm}>
          {t('configEditor.removeGroupConfirm')}
        </Button>
      </Group>
    </Modal>
  );
}
