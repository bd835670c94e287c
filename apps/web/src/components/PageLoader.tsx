import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A spinner for a page area whose data is on its way. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
