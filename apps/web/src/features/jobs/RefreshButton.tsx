import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Reloads a list; spins while the list is being fetched. */
export function RefreshButton({ onRefresh, loading }: { onRefresh: () => void; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Button variant="default" size="xs" loading={loading} leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRefresh}>
      {t('jobs.refresh')}
    </Button>
  );
}
