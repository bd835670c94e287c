import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the session check runs at start-up (spec 1 §2.3). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Center h="100vh">
      <Stack align="center" gap="md">
        <Loader />
        <Text c="dimmed">{t('app.loading')}</Text>
      </Stack>
    </Center>
  );
}
