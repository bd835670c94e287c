import { COMPARE_MIN_RUNS } from '@corridor/contract';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { useCurrentGroup } from '../groups/GroupContext.ts';
import { runsPath } from '../runs/runPaths.ts';
import { RunComparison } from './RunComparison.tsx';
import { compareDashboardPath, parseRunIds } from './runIds.ts';

/** /{group}/compare?runs=1,2,… (spec 3 §2.6): how the selected runs' configurations differ. */
export function CompareRunsPage() {
  const { t } = useTranslation();
  const group = useCurrentGroup();
  const [search] = useSearchParams();
  const ids = parseRunIds(search.get('runs'));
  const runs = runsPath(group.name);

  return (
    <Stack gap="lg">
      <Breadcrumbs
        items={[{ label: group.name, to: `/${encodeURIComponent(group.name)}` }, { label: t('titles.runs'), to: runs }, { label: t('titles.compareRuns') }]}
      />
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('titles.compareRuns')}</Title>
        <Group gap="lg">
          {ids.length >= COMPARE_MIN_RUNS && (
            // Spec 3 §2.2: a new dashboard with the first two compared runs as "Dataset 1" and "Dataset 2", filled
            // from the Overview template with every chart comparing them (issue 25).
            <Anchor component={Link} to={compareDashboardPath(group.name, ids, 'overview')} size="sm">
              <Group gap={4} component="span">
                <IconLayoutDashboard size={16} aria-hidden />
                {t('compare.openDashboard')}
              </Group>
            </Anchor>
          )}
          <Anchor component={Link} to={runs} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden />
              {t('compare.backToRuns')}
            </Group>
          </Anchor>
        </Group>
      </Group>
      {ids.length < COMPARE_MIN_RUNS ? <Text>{t('compare.hint')}</Text> : <RunComparison ids={ids} />}
    </Stack>
  );
}
