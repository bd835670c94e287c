import type { OnlineRunner } from '@corridor/contract';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The runners online, as every user sees them (issue 26): name, capabilities, sandbox and whether busy. */
export function OnlineRunnersTable({ runners }: { runners: OnlineRunner[] }) {
  const { t } = useTranslation();
  if (runners.length === 0) return <Text c="dimmed">{t('runners.noRunners')}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={t('runners.onlineHeading')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('runners.columns.name')}</Table.Th>
            <Table.Th>{t('runners.columns.capabilities')}</Table.Th>
            <Table.Th>{t('runners.columns.state')}</Table.Th>
            <Table.Th>{t('runners.columns.sandbox')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runners.map((runner, index) => (
            <Table.Tr key={`${index}-${runner.name}`}>
              <Table.Td>{runner.name}</Table.Td>
              <Table.Td>{runner.capabilities.join(', ')}</Table.Td>
              <Table.Td>{t(runner.busy ? 'runners.busy' : 'runners.idle')}</Table.Td>
              <Table.Td c={runner.sandboxed ? undefined : 'orange'}>{t(runner.sandboxed ? 'runners.sandboxed' : 'runners.unsandboxed')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
