import { HOME_LATEST_RUNS } from '@corridor/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRuns } from '../../api/runs.ts';
import { useSessionUser } from '../../api/session.ts';
import { newestFirst } from '../runs/runList.ts';
import { RunLinkList } from '../runs/RunLinkList.tsx';
import { runsPath } from '../runs/runPaths.ts';

/** Home: the 5 latest runs, newest created first, with status icon and link (spec 1 §2.4). */
export function LatestRuns() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const runs = useRuns();
  const latest = useMemo(() => newestFirst(runs.data ?? []).slice(0, HOME_LATEST_RUNS), [runs.data]);
  // Each group the latest runs are in gets its run list link (issue 26): a team's run leads to the team's runs.
  const teams = [...new Set(latest.map((run) => run.groupName))].filter((name) => name !== user.groupName);

  if (runs.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  return (
    <Stack gap="sm">
      {latest.length === 0 ? <Text c="dimmed">{t('home.noRuns')}</Text> : <RunLinkList runs={latest} label={t('home.latestRuns')} />}
      <Anchor component={Link} to={runsPath(user.groupName)} size="sm">
        {t('home.allRuns')}
      </Anchor>
      {teams.map((team) => (
        <Anchor key={team} component={Link} to={runsPath(team)} size="sm">
          {t('home.teamRuns', { team })}
        </Anchor>
      ))}
    </Stack>
  );
}
