import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from './ErrorState.tsx';

/** The generic not-found page of spec 1 §2.1. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <ErrorState title={t('notFound.title')} message={t('notFound.message')}>
      <Text c="dimmed" ff="monospace">
        {t('notFound.code')}
      </Text>
    </ErrorState>
  );
}
