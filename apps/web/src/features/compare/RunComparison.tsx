import { COMPARE_MIN_RUNS } from '@corridor/contract';
import { compareConfigs } from '@corridor/matsim/config-text';
import { Alert, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useComparedRuns } from '../../api/compare.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { appliedChangesets } from './appliedChangesets.ts';
import { compareLines, countDifferences } from './compareLines.ts';
import { CompareTable } from './CompareTable.tsx';
import { RunHeader } from './RunHeader.tsx';
import { RunResults } from './RunResults.tsx';
import { comparisonSummary } from './summary.ts';
import { isReady, runColumn } from './runColumns.ts';

/** The comparison of 2 or more runs: their columns, the "Show all settings" toggle and the table. */
export function RunComparison({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  const { runs, configs } = useComparedRuns(ids);
  const [showAll, setShowAll] = useState(false);
  const columns = ids.map((id, index) => runColumn(id, runs[index]!, configs[index]!));
  const ready = columns.filter(isReady);

  if (columns.some((column) => column.state === 'loading')) return <PageLoader />;
  if (ready.length < COMPARE_MIN_RUNS) {
    return (
      <Stack gap="md">
        <Alert color="yellow" role="alert">
          {t('compare.tooFewConfigs')}
        </Alert>
        <Group gap="md" align="stretch">
          {columns.map((column) => (
            <Paper key={column.id} withBorder p="sm" maw={320}>
              <RunHeader column={column} />
            </Paper>
          ))}
        </Group>
        <RunResults columns={columns} />
      </Stack>
    );
  }

  // A few hundred settings at most: cheap enough to compare on every render.
  const rows = compareConfigs(
    ready.map((column) => column.config),
    { onlyDifferences: !showAll },
  );
  const differences = countDifferences(rows);
  let position = 0;
  const compared = columns.map((column) => (isReady(column) ? position++ : null));
  const changesets = runs.map((run) => (run.data ? appliedChangesets(run.data.attributes) : null));
  const anyChangesets = changesets.some((list) => list !== null && list.length > 0);
  // The changesets row is marked "differs" on its own: the summary says so too (issue 25).
  const { key: summaryKey, count } = comparisonSummary(differences, changesets);
  const summary = t(summaryKey, { count });
  return (
    <Stack gap="md">
      <RunResults columns={columns} />
      <Group justify="space-between">
        <Text role="status">
          {summary}
        </Text>
        <Switch label={t('compare.showAll')} checked={showAll} onChange={(event) => setShowAll(event.currentTarget.checked)} />
      </Group>
      {(rows.length > 0 || anyChangesets) && <CompareTable columns={columns} compared={compared} lines={compareLines(rows)} changesets={changesets} />}
    </Stack>
  );
}
