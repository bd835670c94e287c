/**
 * Why the last edit could not be made (a node that still has links, …): shown over the map until dismissed. The
 * reason comes as a code with parameters and is said in the user's language.
 */
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import { useEditor, useEditorStore } from '../state/context.ts';

export function RefusalNotice() {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const refusal = useEditor((state) => state.refusal);
  if (!refusal) return null;
  const { code, params } = refusal.reason;
  return (
    <Alert
      color="red"
      title={t('map.refusal.title')}
      withCloseButton
      closeButtonLabel={t('map.refusal.dismiss')}
      onClose={() => store.dismissRefusal()}
      role="alert"
      style={{ position: 'absolute', bottom: 8, right: 8, maxWidth: 360, zIndex: 3 }}
    >
      {t(`map.refusal.reasons.${code}`, params)}
    </Alert>
  );
}
