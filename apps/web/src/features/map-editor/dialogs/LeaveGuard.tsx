/** Leaving the editor with unsaved changes asks first (in-app navigation and reload/close, `useLeaveGuard`). */
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { useLeaveGuard } from '../../../components/useLeaveGuard.ts';
import { EDITOR_NS } from '../i18n/index.ts';
import { useEditor } from '../state/context.ts';

export function LeaveGuard() {
  const { t } = useTranslation(EDITOR_NS);
  const dirty = useEditor((state) => state.lists.unsaved.length > 0);
  const blocker = useLeaveGuard(dirty);
  return (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      title={t('sidebar.leave.title')}
      text={t('page.leaveUnsaved')}
      confirmLabel={t('sidebar.leave.leave')}
      cancelLabel={t('sidebar.leave.stay')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
