import type { DatasetSummary } from '@corridor/contract';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScenarios } from '../../api/scenarios.ts';
import { useSessionUser } from '../../api/session.ts';
import { Breadcrumbs, type Crumb } from '../../components/Breadcrumbs.tsx';
import { GroupSwitcher } from '../../components/GroupSwitcher.tsx';
import { SortControl, useSortState } from '../../components/SortControl.tsx';
import { type SortValue, sortItems } from '../../components/sorting.ts';
import { useOptionalGroup } from '../groups/GroupContext.ts';
import { ScenarioCard } from './ScenarioCard.tsx';
import { addScenarioPath, groupPath } from './scenarioPaths.ts';

type ScenarioSort = 'name' | 'created';

const SORT_VALUES: Record<ScenarioSort, (scenario: DatasetSummary) => SortValue> = {
  name: (scenario) => scenario.name,
  created: (scenario) => Date.parse(scenario.created),
};

/** Scenario list (spec 1 §2.8): a team's under /{group}, everyone's under /scenarios. */
export function ScenarioListPage() {
  const { t } = useTranslation();
  const group = useOptionalGroup();
  const user = useSessionUser();
  const scenarios = useScenarios(group?.id);
  const [sort, setSort] = useSortState<ScenarioSort>('name');
  const sorted = useMemo(
    () => sortItems(scenarios.data ?? [], SORT_VALUES[sort.by], sort.direction),
    [scenarios.data, sort],
  );
  const addPath = addScenarioPath(group?.name);
  const crumbs: Crumb[] = group
    ? [{ label: group.name, to: groupPath(group.name) }, { label: t('titles.scenarios') }]
    : [{ label: t('titles.scenarios') }];

  return (
    <Stack gap="lg">
      <Breadcrumbs items={crumbs} />
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('titles.scenarios')}</Title>
        <Group gap="md" align="flex-end">
          {group && <GroupSwitcher current={group.name} pathOf={(name) => `${groupPath(name)}/scenarios`} />}
          <SortControl
            value={sort}
            onChange={setSort}
            options={[
              { value: 'name', label: t('scenarios.sort.name') },
              { value: 'created', label: t('scenarios.sort.created') },
            ]}
          />
          <Button component={Link} to={addPath} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('scenarios.add')}
          </Button>
        </Group>
      </Group>
      {scenarios.isPending ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : scenarios.isError ? (
        <Alert color="red" role="alert">
          {t('scenarios.loadError', { message: scenarios.error.message })}
        </Alert>
      ) : sorted.length === 0 ? (
        <Stack gap={4}>
          <Text>{t('scenarios.empty')}</Text>
          <Anchor component={Link} to={addPath}>
            {t('scenarios.addFirst')}
          </Anchor>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {sorted.map((scenario) => (
            <ScenarioCard key={scenario.id} scenario={scenario} showTeam={user.teams.length > 1} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
