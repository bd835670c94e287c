import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../api/session.ts';
import { Section } from '../../components/Section.tsx';
import { LatestScenarios } from '../scenarios/LatestScenarios.tsx';

/** Home (spec 1 §2.4). The latest runs arrive with the run issue. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const group = `/${encodeURIComponent(user.groupName)}`;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('home.greeting', { username: user.username })}</Title>
      <Section title={t('home.latestScenarios')}>
        <LatestScenarios />
      </Section>
      <Section title={t('home.latestRuns')}>
        <Stack gap="xs">
          <Text c="dimmed">{t('home.noRuns')}</Text>
          <Anchor component={Link} to={`${group}/runs`}>
            {t('home.allRuns')}
          </Anchor>
        </Stack>
      </Section>
    </Stack>
  );
}
