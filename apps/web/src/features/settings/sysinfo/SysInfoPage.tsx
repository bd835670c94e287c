/**
 * System Information, /settings/sysinfo (spec 3 §2.17): what GET /sysinfo/sysinfo answers, as cards with human
 * units; "Could not retrieve System Information." when the call fails (spec 3 §8); Refresh asks again.
 */
import { JOB_STATUSES, type SysInfo } from '@corridor/contract';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSysInfo } from '../../../api/system.ts';
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx';
import { formatBytes, formatDateTime } from '../../../components/format.ts';
import { SETTINGS_PATH } from '../settingsPaths.ts';
import { SYSINFO_NS } from './i18n/index.ts';
import { formatUptime } from './uptime.ts';

function Card({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="xs">
        {title}
      </Title>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th fw={500} w="45%">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function Cards({ info }: { info: SysInfo }) {
  const { t, i18n } = useTranslation(SYSINFO_NS);
  const { t: tApp } = useTranslation();
  const lang = i18n.language;
  const bytes = (n: number) => formatBytes(n, lang);
  const number = (n: number) => new Intl.NumberFormat(lang).format(n);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card
        title={t('server')}
        rows={[
          [t('version'), info.version],
          [t('buildDate'), info.buildDate ? formatDateTime(info.buildDate, lang) : t('unknown')],
          [t('uptime'), formatUptime(info.uptimeSeconds, lang)],
          [t('node'), info.nodeVersion],
        ]}
      />
      <Card
        title={t('database')}
        rows={[
          [t('databaseKind'), t(`kinds.${info.database.kind}`)],
          [t('databaseVersion'), info.database.version],
          [t('databaseSize'), bytes(info.database.sizeBytes)],
        ]}
      />
      <Card
        title={t('storage')}
        rows={[
          [t('dataDir'), info.dataDir.path],
          [t('used'), bytes(info.dataDir.usedBytes)],
          [t('free'), bytes(info.dataDir.freeBytes)],
          [t('total'), bytes(info.dataDir.totalBytes)],
          [t('files'), t('fileCount', { count: info.files.count, size: bytes(info.files.totalBytes) })],
        ]}
      />
      <Card
        title={t('runs')}
        rows={[
          ...JOB_STATUSES.map((status): [string, ReactNode] => [tApp(`status.${status}`), number(info.runsByStatus[status] ?? 0)]),
          [t('connectedRunners'), number(info.connectedRunners)],
        ]}
      />
      <Card
        title={t('host')}
        rows={[
          [t('cpu'), t('cpuCores', { model: info.host.cpuModel, count: info.host.cpuCores })],
          [t('load'), info.host.loadAverage.map((v) => v.toFixed(2)).join(' · ')],
          [t('memory'), t('memoryOf', { free: bytes(info.host.memoryFreeBytes), total: bytes(info.host.memoryTotalBytes) })],
          [t('processMemory'), bytes(info.host.processRssBytes)],
        ]}
      />
    </SimpleGrid>
  );
}

export function SysInfoPage() {
  const { t } = useTranslation(SYSINFO_NS);
  const { t: tApp } = useTranslation();
  const info = useSysInfo();
  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: tApp('titles.settings'), to: SETTINGS_PATH }, { label: tApp('titles.sysinfo') }]} />
      <Group justify="space-between">
        <Title order={2}>{tApp('titles.sysinfo')}</Title>
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void info.refetch()} loading={info.isFetching}>
          {t('refresh')}
        </Button>
      </Group>
      {info.isError && (
        <Alert color="red" role="alert">
          {t('loadFailed')}
        </Alert>
      )}
      {info.isPending && <Loader aria-label={tApp('common.loading')} />}
      {info.data && <Cards info={info.data} />}
    </Stack>
  );
}
