import type { RunnerToken } from '@corridor/contract';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tokenLabel } from './tokenLabel.ts';

/** "available / total" with at most one decimal. */
function pair(available: number, total: number, language: string): string {
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return `${format.format(available)} / ${format.format(total)}`;
}

/** Connected runners: token, name, capabilities, CPU cores and RAM in GB, available / total (spec 3 §2.9), and whether its jobs run sandboxed. */
export function ActiveRunnersTable({ tokens }: { tokens: RunnerToken[] }) {
  const { t, i18n } = useTranslation();
  const runners = tokens.flatMap((token) => token.connectedRunners.map((runner) => ({ token, runner })));
  if (runners.length === 0) return <Text c="dimmed">{t('runners.noRunners')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={t('runners.activeHeading')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('runners.columns.token')}</Table.Th>
            <Table.Th>{t('runners.columns.name')}</Table.Th>
            <Table.Th>{t('runners.columns.capabilities')}</Table.Th>
            <Table.Th ta="right">{t('runners.columns.cpu')}</Table.Th>
            <Table.Th ta="right">{t('runners.columns.ram')}</Table.Th>
            <Table.Th>{t('runners.columns.sandbox')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runners.map(({ token, runner }) => (
            <Table.Tr key={runner.runnerId}>
              <Table.Td>{tokenLabel(token)}</Table.Td>
              <Table.Td>{runner.name}</Table.Td>
              <Table.Td>{runner.capabilities.join(', ')}</Table.Td>
              <Table.Td ta="right">{pair(runner.availableResources.cpuCores, runner.totalResources.cpuCores, i18n.language)}</Table.Td>
              <Table.Td ta="right">{pair(runner.availableResources.ramInGb, runner.totalResources.ramInGb, i18n.language)}</Table.Td>
              <Table.Td c={runner.sandboxed ? undefined : 'orange'}>{t(runner.sandboxed ? 'runners.sandboxed' : 'runners.unsandboxed')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
