import { Alert, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDeleteProps {
  /** What will be deleted and what it means. */
  children: ReactNode;
  checkboxLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  error?: string;
}

/** A delete confirmation: Delete is enabled only once the checkbox is ticked (spec 1 §4). */
export function ConfirmDelete({ children, checkboxLabel, onConfirm, onCancel, pending, error }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  const [confirmed, setConfirmed] = useState(false);
  return (
    <Stack gap="md">
      {children}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Checkbox label={checkboxLabel} checked={confirmed} onChange={(event) => setConfirmed(event.currentTarget.checked)} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button color="red" disabled={!confirmed} loading={pending} onClick={onConfirm}>
          {t('common.delete')}
        </Button>
      </Group>
    </Stack>
  );
}

interface ConfirmDeleteModalProps extends ConfirmDeleteProps {
  opened: boolean;
  title: string;
}

/** The same confirmation as a dialog, for rows of a table. */
export function ConfirmDeleteModal({ opened, title, ...confirm }: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={confirm.onCancel} title={title} centered>
      {opened && <ConfirmDelete {...confirm} />}
    </Modal>
  );
}
