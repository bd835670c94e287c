import { Container, Group, type MantineSize, Title } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

/** Frame of the public pages: the product name above a narrow column. */
export function PublicLayout({ size = 'sm' }: { size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    <Container size={size} py="xl">
      <Group justify="center" gap="xs" mb="xl">
        <IconRoute size={32} stroke={1.6} aria-hidden />
        <Title order={1}>{t('app.name')}</Title>
      </Group>
      <Outlet />
    </Container>
  );
}
