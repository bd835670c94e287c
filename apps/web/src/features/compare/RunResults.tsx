/**
 * The compared runs' results next to their configuration differences (issue 25): score, mode shares and mean
 * travel times, one column per run, each block linking to a new dashboard (from a template, comparison on) that
 * shows it over time and in detail.
 */
import type { TableQuery, TableQueryAnswer } from '@corridor/contract';
import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { queryTable, useGroupTables } from '../../api/tables.ts';
import { formatSeriesValue } from '../../components/seriesFormat.ts';
import { useCurrentGroup } from '../groups/GroupContext.ts';
import { COMPARE_RESULTS_NS } from './i18n/index.ts';
import { runPath } from '../runs/runPaths.ts';
import type { RunColumn } from './runColumns.ts';
import { compareDashboardPath, tablesImportPath } from './runIds.ts';
import {
  formatDuration,
  formatShare,
  hasTripsTable,
  lastModeShares,
  lastScore,
  MODES_QUERY,
  SCORE_QUERY,
  TRAVEL_TIME_QUERY,
  travelTimes,
  TRIPS_TABLE,
  unitedModes,
} from './runSummaries.ts';

type Answer = { data?: TableQueryAnswer; error: Error | null; isPending: boolean };

/** One query per run (null: not asked), in the chart queries' cache entries. */
function useRunQueries(ids: readonly (number | null)[], table: string, query: TableQuery): Answer[] {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: [...queryKeys.tables, 'query', id ?? -1, table, query] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => queryTable(id!, table, query, signal),
      enabled: id !== null,
      retry: false,
      staleTime: 30_000,
    })),
  });
}

const hasRun = (column: RunColumn): column is Extract<RunColumn, { run: unknown }> => column.state !== 'loading' && column.state !== 'runUnavailable';

export function RunResults({ columns }: { columns: RunColumn[] }) {
  const { t } = useTranslation(COMPARE_RESULTS_NS);
  const { t: tApp } = useTranslation();
  const group = useCurrentGroup();
  const tables = useGroupTables(group.id);
  const runIds = columns.map((column) => (hasRun(column) ? column.id : null));
  const withTrips = runIds.map((id) => (id !== null && hasTripsTable(tables.data?.tables, id) ? id : null));
  const scores = useRunQueries(runIds, 'scoreStats', SCORE_QUERY);
  const modes = useRunQueries(runIds, 'modeStats', MODES_QUERY);
  const trips = useRunQueries(withTrips, TRIPS_TABLE, TRAVEL_TIME_QUERY);
  const ids = columns.map((column) => column.id);

  const shares = modes.map((answer) => (answer.data ? lastModeShares(answer.data) : null));
  const times = trips.map((answer) => (answer.data ? travelTimes(answer.data) : null));
  const shareModes = unitedModes(shares.map((entry) => entry?.shares ?? null));
  const timeModes = unitedModes(times.map((entry) => entry?.modes ?? null));

  /** A cell: nothing for a run that could not be loaded, the loading and error states, else the value. */
  const cell = (index: number, answer: Answer, value: () => ReactNode) => {
    if (runIds[index] === null) return <Text size="sm" c="dimmed">{t('notAvailable')}</Text>;
    if (answer.error) return <Text size="sm" c="red">{t('failed', { message: answer.error.message })}</Text>;
    if (answer.isPending) return <Text size="sm" c="dimmed">{t('loading')}</Text>;
    return value();
  };
  const dimmed = (text: string) => (
    <Text size="sm" c="dimmed" fs="italic">
      {text}
    </Text>
  );

  const heading = (what: string, hint: string, template: 'overview' | 'trips') => (
    <Table.Tr data-kind="result-heading">
      <Table.Th colSpan={columns.length + 1} bg="var(--mantine-color-default-hover)">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {what}{' '}
            <Text span size="xs" c="dimmed" fw={400}>
              ({hint})
            </Text>
          </Text>
          <Anchor component={Link} to={compareDashboardPath(group.name, ids, template)} size="xs" aria-label={t('openDashboardLabel', { what })}>
            <Group gap={4} component="span">
              <IconLayoutDashboard size={14} aria-hidden />
              {t('openDashboard')}
            </Group>
          </Anchor>
        </Group>
      </Table.Th>
    </Table.Tr>
  );

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3}>{t('title')}</Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label={t('tableLabel')} withColumnBorders layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={220}>{t('measure')}</Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column.id}>
                    {/* The name only: why a run has nothing to compare is said once, in the configuration's table. */}
                    {hasRun(column) ? (
                      <Anchor component={Link} to={runPath(column.run.groupName, column.run.id)} size="sm" fw={600}>
                        {column.run.name}
                      </Anchor>
                    ) : (
                      <Text size="sm" fw={600}>
                        {tApp('compare.runFallback', { id: column.id })}
                      </Text>
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {heading(t('score'), t('scoreHint'), 'overview')}
              <Table.Tr data-kind="result" data-result="score">
                <Table.Th scope="row">{t('score')}</Table.Th>
                {columns.map((column, index) => (
                  <Table.Td key={column.id}>
                    {cell(index, scores[index]!, () => {
                      const score = scores[index]!.data ? lastScore(scores[index]!.data!) : null;
                      return score ? <Text size="sm">{t('scoreValue', { score: formatSeriesValue(score.score), iteration: score.iteration })}</Text> : dimmed(t('noScore'));
                    })}
                  </Table.Td>
                ))}
              </Table.Tr>

              {heading(t('modeShares'), t('modeSharesHint'), 'overview')}
              {shareModes.length === 0 && (
                <Table.Tr data-kind="result" data-result="modes">
                  <Table.Th scope="row">{t('modeShares')}</Table.Th>
                  {columns.map((column, index) => (
                    <Table.Td key={column.id}>{cell(index, modes[index]!, () => dimmed(t('noModes')))}</Table.Td>
                  ))}
                </Table.Tr>
              )}
              {shareModes.map((mode) => (
                <Table.Tr key={mode} data-kind="result" data-result="mode">
                  <Table.Th scope="row">{mode}</Table.Th>
                  {columns.map((column, index) => (
                    <Table.Td key={column.id}>
                      {cell(index, modes[index]!, () => {
                        if (!shares[index]) return dimmed(t('noModes'));
                        const share = shares[index].shares.find((entry) => entry.mode === mode);
                        return <Text size="sm">{share ? formatShare(share.share) : formatShare(0)}</Text>;
                      })}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}

              {heading(t('travelTimes'), t('travelTimesHint'), 'trips')}
              {(timeModes.length === 0 ? [null] : timeModes).map((mode) => (
                <Table.Tr key={mode ?? ''} data-kind="result" data-result={mode === null ? 'travel-times' : 'travel-time'}>
                  <Table.Th scope="row">{mode ?? t('travelTimes')}</Table.Th>
                  {columns.map((column, index) => {
                    const id = runIds[index] ?? null;
                    let content: ReactNode;
                    if (id === null) content = <Text size="sm" c="dimmed">{t('notAvailable')}</Text>;
                    else if (tables.isPending) content = <Text size="sm" c="dimmed">{t('loading')}</Text>;
                    else if (withTrips[index] === null) {
                      // Runs without the trips table (not post-processed, no output_trips, live runs): say so and
                      // offer the import, once (on the first row).
                      content =
                        mode === timeModes[0] || mode === null ? (
                          <Stack gap={2}>
                            {dimmed(t('noTrips'))}
                            <Anchor component={Link} to={tablesImportPath(group.name, id)} size="xs">
                              {t('importTrips')}
                            </Anchor>
                          </Stack>
                        ) : null;
                    } else {
                      content = cell(index, trips[index]!, () => {
                        const entry = times[index]?.modes.find((m) => m.mode === mode);
                        return entry ? <Text size="sm">{t('tripsValue', { time: formatDuration(entry.meanSeconds), count: entry.trips })}</Text> : dimmed(t('notAvailable'));
                      });
                    }
                    return <Table.Td key={column.id}>{content}</Table.Td>;
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
