/**
 * Loads the chosen transit schedule's data once (spec 2 §7) into the editor's base and says so while it loads or
 * when it fails (naming the file). Renders only that status.
 */
import { Alert } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTransitData } from '../../../../api/transit.ts';
import { useEditorStore } from '../../state/context.ts';
import { LoadingBadge } from '../../canvas/LoadingBadge.tsx';
import { transitDataEntities } from './load.ts';

export function TransitLoader({ fileId, fileName }: { fileId: number; fileName: string }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const data = useTransitData(fileId);
  useEffect(() => {
    if (data.data && !data.data.problem) store.loadTransit(transitDataEntities(data.data));
  }, [data.data, store]);
  if (data.isPending) {
    return <LoadingBadge label={t('toolbar.transit.loading')} bottom={40} />;
  }
  const problem = data.isError ? data.error.message : data.data?.problem ? data.data.problem.message : undefined;
  if (problem === undefined) return null;
  return (
    <Alert color="red" role="alert" style={{ position: 'absolute', bottom: 8, right: 8, maxWidth: 360, zIndex: 2 }}>
      {t('toolbar.transit.loadError', { name: fileName, message: problem })}
    </Alert>
  );
}
