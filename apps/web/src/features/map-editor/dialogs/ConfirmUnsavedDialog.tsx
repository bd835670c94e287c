/** The confirm before New or Open while unsaved changes exist (spec 2 §2, §8): "Warning: Unsaved Changes will be lost". */
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { EDITOR_NS } from '../i18n/index.ts';

export function ConfirmUnsavedDialog({ opened, onConfirm, onCancel }: { opened: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation(EDITOR_NS);
  return (
    <ConfirmModal
      opened={opened}
      title={t('sidebar.confirm.title')}
      text={t('sidebar.confirm.text')}
      confirmLabel={t('sidebar.confirm.confirm')}
      cancelLabel={t('sidebar.confirm.cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
