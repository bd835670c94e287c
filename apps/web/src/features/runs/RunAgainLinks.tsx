import type { RunDetails, RunLink } from '@corridor/contract';
import { Anchor, Group, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { runPath } from './runPaths.ts';

/**
 * Under the run card (issue 26): the runner that ran the job ("Runner: op-runner-1"), the run this one repeats
 * ("Run again of …") and the runs that repeat it. Nothing when there is none of them.
 */
export function RunAgainLinks({ run }: { run: RunDetails }) {
  const { t } = useTranslation();
  const link = (other: RunLink) => (
    <Anchor component={Link} to={runPath(other.groupName, other.id)} size="sm">
      {other.name}
    </Anchor>
  );
  if (run.runnerName === null && run.againOf === null && run.againRuns.length === 0) return null;
  return (
    <Group gap="lg" data-testid="run-again-links">
      {run.runnerName !== null && (
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t('runs.overview.runner')}:
          </Text>{' '}
          {run.runnerName}
        </Text>
      )}
      {run.againOf && (
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t('runs.overview.againOf')}
          </Text>{' '}
          {link(run.againOf)}
        </Text>
      )}
      {run.againRuns.length > 0 && (
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t('runs.overview.againRuns')}
          </Text>{' '}
          {run.againRuns.map((other, i) => (
            <Fragment key={other.id}>
              {i > 0 && ', '}
              {link(other)}
            </Fragment>
          ))}
        </Text>
      )}
    </Group>
  );
}
