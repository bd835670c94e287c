import type { FileEntry, TransitSummary } from '@corridor/contract';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountCards, CountTable, SummaryLoader, useFormatNumber } from './SummaryParts.tsx';

function TransitSummaryView({ summary }: { summary: TransitSummary }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  return (
    <Stack gap="lg">
      <CountCards
        items={[
          { label: t('fileSummary.transit.stops'), value: summary.stops },
          { label: t('fileSummary.transit.lines'), value: summary.lines },
          { label: t('fileSummary.transit.routes'), value: summary.routes },
          { label: t('fileSummary.transit.departures'), value: summary.departures },
        ]}
      />
      <CountTable
        title={t('fileSummary.transit.byMode')}
        headers={[t('fileSummary.mode'), t('fileSummary.transit.routes'), t('fileSummary.transit.departures')]}
        rows={summary.modes.map((row) => ({ name: row.mode, cells: [formatNumber(row.routes), formatNumber(row.departures)] }))}
        empty={t('fileSummary.none')}
      />
    </Stack>
  );
}

/** Transit schedule view: stops, lines, routes and departures, per mode (spec 1 §2.13). */
export function TransitView({ file }: { file: FileEntry }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={3}>{t('fileSummary.transit.title')}</Title>
      <SummaryLoader fileId={file.id} kind="transit">
        {(summary) => <TransitSummaryView summary={summary} />}
      </SummaryLoader>
    </Stack>
  );
}
