import { HOME_LATEST_SCENARIOS } from '@corridor/contract';
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScenarios } from '../../api/scenarios.ts';
import { useSessionUser } from '../../api/session.ts';
import { ScenarioCard } from './ScenarioCard.tsx';

/** Home: the 3 latest scenarios, newest id first (spec 1 §2.4). */
export function LatestScenarios() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const scenarios = useScenarios();
  const latest = useMemo(
    () => [...(scenarios.data ?? [])].sort((a, b) => b.id - a.id).slice(0, HOME_LATEST_SCENARIOS),
    [scenarios.data],
  );

  if (scenarios.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (latest.length === 0) {
    return (
      <Stack gap="xs">
        <Text c="dimmed">{t('home.noScenarios')}</Text>
        <Anchor component={Link} to="/scenarios/add">
          {t('home.addScenario')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {latest.map((scenario) => (
          <ScenarioCard key={scenario.id} scenario={scenario} showTeam={user.teams.length > 1} compact />
        ))}
      </SimpleGrid>
      <Anchor component={Link} to="/scenarios" size="sm">
        {t('home.allScenarios')}
      </Anchor>
    </Stack>
  );
}
