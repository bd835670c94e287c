import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch, useParams } from 'react-router';
import { useDataset, useScenarios } from '../../api/scenarios.ts';
import { useRouteTitle } from '../../app/pageTitle.ts';
import { Breadcrumbs, type Crumb } from '../../components/Breadcrumbs.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useCurrentGroup } from '../groups/GroupContext.ts';
import { ScenarioContext } from './ScenarioContext.ts';
import { groupPath, scenarioPath } from './scenarioPaths.ts';

/**
 * Scenario wrapper (spec 1 §2.10): finds the scenario by group and key, then shows the
 * breadcrumbs group / scenario / page above the page.
 */
export function ScenarioWrapper() {
  const { t } = useTranslation();
  const group = useCurrentGroup();
  const { scenario: key = '' } = useParams();
  const list = useScenarios(group.id);
  const summary = list.data?.find((entry) => entry.key === key);
  const dataset = useDataset(summary?.id);
  const pageTitle = useRouteTitle();
  const onOverview = useMatch('/:group/:scenario') !== null;

  // After a rename the address names the new key before the list has it: wait for the list.
  if (list.isPending || (summary && dataset.isPending) || (!summary && list.isFetching)) return <PageLoader />;
  if (list.isError || dataset.isError) {
    return <ErrorState title={t('group.errorTitle')} message={t('scenario.loadError')} />;
  }
  if (!summary || !dataset.data) {
    return <ErrorState title={t('group.notFoundTitle')} message={t('scenario.notFound')} />;
  }

  const scenario = dataset.data;
  const crumbs: Crumb[] = [
    { label: group.name, to: groupPath(group.name) },
    { label: scenario.name, to: scenarioPath(scenario) },
    ...(onOverview || !pageTitle ? [] : [{ label: pageTitle }]),
  ];
  return (
    <ScenarioContext.Provider value={scenario}>
      <Stack gap="lg">
        <Breadcrumbs items={crumbs} />
        <Outlet />
      </Stack>
    </ScenarioContext.Provider>
  );
}
