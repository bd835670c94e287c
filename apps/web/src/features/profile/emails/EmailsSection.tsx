import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder until the e-mail addresses section arrives (issue 16, another helper replaces this file). */
export function EmailsSection() {
  const { t } = useTranslation();
  return <Text c="dimmed">{t('placeholder.comingSoon')}</Text>;
}
