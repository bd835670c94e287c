import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../api/session.ts';
import { Section } from '../../components/Section.tsx';
import { LatestScenarios } from '../scenarios/LatestScenarios.tsx';
import { LatestRuns } from './LatestRuns.tsx';

/** Home (spec 1 §2.4): greeting, the latest scenarios and runs. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();

  return (
    <Stack gap="lg">
      <Title order={1}>{t('home.greeting', { username: user.username })}</Title>
      <Section title={t('home.latestScenarios')}>
        <LatestScenarios />
      </Section>
      <Section title={t('home.latestRuns')}>
        <LatestRuns />
      </Section>
    </Stack>
  );
}
