import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../api/session.ts';

/** Home (spec 1 §2.4). The latest scenarios and runs arrive with the scenario and run issues. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const group = `/${encodeURIComponent(user.groupName)}`;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('home.greeting', { username: user.username })}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="lg" component="section" aria-labelledby="home-latest-scenarios">
          <Stack gap="xs">
            <Title order={3} id="home-latest-scenarios">
              {t('home.latestScenarios')}
            </Title>
            <Text c="dimmed">{t('home.noScenarios')}</Text>
            <Anchor component={Link} to="/scenarios/add">
              {t('home.addScenario')}
            </Anchor>
          </Stack>
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="home-latest-runs">
          <Stack gap="xs">
            <Title order={3} id="home-latest-runs">
              {t('home.latestRuns')}
            </Title>
            <Text c="dimmed">{t('home.noRuns')}</Text>
            <Anchor component={Link} to={`${group}/runs`}>
              {t('home.allRuns')}
            </Anchor>
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
