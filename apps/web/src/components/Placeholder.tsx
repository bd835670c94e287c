import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteTitle } from '../app/pageTitle.ts';

/** Stands in for pages of later issues: the route's title and a short note. */
export function Placeholder() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <Stack gap="xs">
      <Title order={2}>{title}</Title>
      <Text c="dimmed">{t('placeholder.comingSoon')}</Text>
    </Stack>
  );
}
