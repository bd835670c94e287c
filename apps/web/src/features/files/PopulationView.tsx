import type { FileEntry, PopulationSummary } from '@corridor/contract';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { totalOf, withShares } from './summaryShares.ts';
import { CountCards, CountTable, SummaryLoader, useFormatNumber, useFormatShare, type CountRow } from './SummaryParts.tsx';

function PopulationSummaryView({ summary }: { summary: PopulationSummary }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const formatShare = useFormatShare();
  const shareRows = <T,>(rows: T[], name: (row: T) => string, count: (row: T) => number, muted?: (row: T) => boolean): CountRow[] =>
    withShares(rows, count).map(({ row, share }) => ({
      name: name(row),
      muted: muted?.(row),
      cells: [formatNumber(count(row)), formatShare(share)],
    }));
  const activities = totalOf(summary.activities, (row) => row.count);
  const legs = totalOf(summary.legs, (row) => row.count);

  return (
    <Stack gap="lg">
      <CountCards
        items={[
          { label: t('fileSummary.population.persons'), value: summary.persons },
          { label: t('fileSummary.population.plans'), value: summary.plans },
          { label: t('fileSummary.population.selectedPlans'), value: summary.selectedPlans },
          { label: t('fileSummary.population.activities'), value: activities },
          { label: t('fileSummary.population.legs'), value: legs },
        ]}
      />
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
        <CountTable
          title={t('fileSummary.population.activitiesByType')}
          headers={[t('fileSummary.population.type'), t('fileSummary.count'), t('fileSummary.share')]}
          rows={shareRows(summary.activities, (row) => row.type, (row) => row.count)}
          empty={t('fileSummary.none')}
        />
        <CountTable
          title={t('fileSummary.population.legsByMode')}
          headers={[t('fileSummary.mode'), t('fileSummary.count'), t('fileSummary.share')]}
          rows={shareRows(summary.legs, (row) => row.mode, (row) => row.count)}
          empty={t('fileSummary.none')}
        />
        <CountTable
          title={t('fileSummary.population.subpopulations')}
          headers={[t('fileSummary.population.subpopulation'), t('fileSummary.population.persons'), t('fileSummary.share')]}
          rows={shareRows(
            summary.subpopulations,
            (row) => row.name || t('fileSummary.population.noSubpopulation'),
            (row) => row.count,
            (row) => row.name === '',
          )}
          empty={t('fileSummary.none')}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** Population/plans view: what the file holds, counted (spec 1 §2.13). */
export function PopulationView({ file }: { file: FileEntry }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={3}>{t('fileSummary.population.title')}</Title>
      <SummaryLoader fileId={file.id} kind="population">
        {(summary) => <PopulationSummaryView summary={summary} />}
      </SummaryLoader>
    </Stack>
  );
}
