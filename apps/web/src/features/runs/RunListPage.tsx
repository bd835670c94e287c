import type { RunSummary } from '@corridor/contract';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useRuns } from '../../api/runs.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { formatDateTime } from '../../components/format.ts';
import { GroupSwitcher } from '../../components/GroupSwitcher.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { useCurrentGroup } from '../groups/GroupContext.ts';
import { scenarioPath } from '../scenarios/scenarioPaths.ts';
import { comparePath, labelsOf, newestFirst, withLabel } from './runList.ts';
import { RunHowTo } from './RunHowTo.tsx';
import { markOf } from './runOrigin.ts';
import { RunOriginBadge } from './RunOriginBadge.tsx';
import { runPath, runsPath } from './runPaths.ts';

function RunRow({ run, selected, onToggle }: { run: RunSummary; selected: boolean; onToggle: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td w={40}>
        <Checkbox aria-label={t('runs.list.select', { name: run.name })} checked={selected} onChange={onToggle} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          <Anchor component={Link} to={runPath(run.groupName, run.id)} fw={600}>
            {run.name}
          </Anchor>
          <RunOriginBadge origin={markOf(run.origin)} />
        </Group>
        {run.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {run.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {run.scenario ? (
          <Anchor component={Link} to={scenarioPath({ groupName: run.scenario.groupName, key: run.scenario.key })} size="sm">
            {run.scenario.name}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('runs.list.noScenario')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <StatusIcon status={run.status ?? undefined} spinWhileStarted />
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(run.created, i18n.language)}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {run.labels.map((label) => (
            <Badge key={label} variant="light" size="sm">
              {label}
            </Badge>
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** /{group}/runs (spec 1 §2.16, spec 3 §2.4). */
export function RunListPage() {
  const { t } = useTranslation();
  const group = useCurrentGroup();
  const runs = useRuns(group.id);
  const all = useMemo(() => newestFirst(runs.data ?? []), [runs.data]);
  // The label filter is in the address (?label=), so a colleague opening the link sees the same runs.
  const [search, setSearch] = useSearchParams();
  const label = search.get('label');
  const sorted = useMemo(() => withLabel(all, label), [all, label]);
  const setLabel = (value: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('label', value);
      else next.delete('label');
      return next;
    });
  const [selected, setSelected] = useState<number[]>([]);
  const visibleSelected = selected.filter((id) => sorted.some((run) => run.id === id));
  const compare = comparePath(group.name, sorted.filter((run) => visibleSelected.includes(run.id)).map((run) => run.id));
  const toggle = (id: number) => setSelected((current) => (current.includes(id) ? current.filter((entry) => entry !== id) : [...current, id]));

  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: group.name, to: `/${encodeURIComponent(group.name)}` }, { label: t('titles.runs') }]} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2}>{t('titles.runs')}</Title>
        <GroupSwitcher current={group.name} pathOf={runsPath} />
      </Group>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Tooltip label={t('runs.list.compareHint')} disabled={compare !== null} withArrow>
            {compare ? (
              <Button component={Link} to={compare} variant="default">
                {t('runs.list.compare')}
              </Button>
            ) : (
              <span>
                <Button variant="default" disabled>
                  {t('runs.list.compare')}
                </Button>
              </span>
            )}
          </Tooltip>
          {/* Hide and Delete are shown as text only (spec 3 §2.4). */}
          <Text c="dimmed" size="sm">
            {t('runs.list.hide')}
          </Text>
          <Text c="dimmed" size="sm">
            {t('runs.list.delete')}
          </Text>
        </Group>
        <Group gap="md">
          <Anchor component="button" type="button" onClick={() => void runs.refetch()}>
            <Group gap={4} component="span">
              <IconRefresh size={16} aria-hidden />
              {t('runs.list.refresh')}
            </Group>
          </Anchor>
          <Button component={Link} to={`/${encodeURIComponent(group.name)}/runs/add`}>
            {t('runs.list.importRun')}
          </Button>
        </Group>
      </Group>
      {all.some((run) => run.labels.length > 0) || label ? (
        <Select
          label={t('runs.labels.filter')}
          placeholder={t('runs.labels.filterPlaceholder')}
          data={labelsOf(all)}
          value={label}
          onChange={setLabel}
          clearable
          searchable
          maw={280}
        />
      ) : null}
      {runs.isPending ? (
        <PageLoader />
      ) : runs.isError ? (
        <Alert color="red" role="alert">
          {t('runs.list.loadError', { message: runs.error.message })}
        </Alert>
      ) : label && sorted.length === 0 ? (
        <Text>{t('runs.labels.noneWithLabel', { label })}</Text>
      ) : sorted.length === 0 ? (
        <Text>
          {t('runs.list.empty')}{' '}
          <Anchor component={Link} to={`/${encodeURIComponent(group.name)}/runs/add`}>
            {t('runs.list.addRun')}
          </Anchor>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={t('runs.list.label')} verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('runs.list.selectAll')}
                    checked={visibleSelected.length === sorted.length}
                    indeterminate={visibleSelected.length > 0 && visibleSelected.length < sorted.length}
                    onChange={(event) => setSelected(event.currentTarget.checked ? sorted.map((run) => run.id) : [])}
                  />
                </Table.Th>
                <Table.Th>{t('runs.list.columns.name')}</Table.Th>
                <Table.Th>{t('runs.list.columns.scenario')}</Table.Th>
                <Table.Th>{t('runs.list.columns.status')}</Table.Th>
                <Table.Th>{t('runs.list.columns.labels')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((run) => (
                <RunRow key={run.id} run={run} selected={visibleSelected.includes(run.id)} onToggle={() => toggle(run.id)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RunHowTo />
    </Stack>
  );
}
