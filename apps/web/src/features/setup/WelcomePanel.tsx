import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function WelcomePanel() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={2}>{t('setup.welcome.heading')}</Title>
      <Text>{t('setup.welcome.intro')}</Text>
      <List>
        <List.Item>{t('setup.welcome.stepAdmin')}</List.Item>
        <List.Item>{t('setup.welcome.stepLicense')}</List.Item>
        <List.Item>{t('setup.welcome.stepEngine')}</List.Item>
      </List>
      <Text c="dimmed" size="sm">
        {t('setup.welcome.next')}
      </Text>
    </Stack>
  );
}
