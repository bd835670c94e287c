/**
 * Run layout (spec 1 §2.17) for /{group}/runs/{id}/…: loads the run, shows breadcrumbs, the Edit Run and Delete
 * Run buttons (Back to Run on edit and delete), name, description, coordinate system and the tabs Overview and
 * Files (hidden on edit and delete), and renders the child page in an <Outlet/> with the run in `RunContext`
 * (read it with `useRunContext()` from ./RunContext.ts).
 */
import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { errorStatus } from '../../api/client.ts';
import { useRun } from '../../api/runs.ts';
import { useRouteTitle } from '../../app/pageTitle.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useCurrentGroup } from '../groups/GroupContext.ts';
import { RunContext } from './RunContext.ts';
import { runPageOf, runPath, runsPath } from './runPaths.ts';

type RunTab = 'overview' | 'files';
const TABS: readonly RunTab[] = ['overview', 'files'];

export function RunLayout() {
  const { t } = useTranslation();
  const group = useCurrentGroup();
  const { id = '' } = useParams();
  const runId = Number(id);
  const run = useRun(runId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const pageTitle = useRouteTitle();
  const page = runPageOf(pathname);
  const withoutTabs = page === 'edit' || page === 'delete';

  if (run.isPending) return <PageLoader />;
  if (run.isError) {
    // Refused or missing is not the same as a server that did not answer (issue 25).
    const status = errorStatus(run.error);
    const message =
      status === 0
        ? t('runs.layout.unreachable')
        : status === 403 || status === 404
          ? t('runs.layout.notAllowed')
          : t('runs.layout.loadError', { message: run.error.message });
    return <ErrorState title={t('runs.layout.loadErrorTitle')} message={message} />;
  }

  const details = run.data;
  const tab: RunTab = page === 'files' || page === 'file' ? 'files' : 'overview';
  const crumbs = [
    { label: group.name, to: `/${encodeURIComponent(group.name)}` },
    { label: t('runs.layout.runs'), to: runsPath(group.name) },
    { label: details.name, to: runPath(group.name, details.id) },
    ...(page && pageTitle ? [{ label: pageTitle }] : []),
  ];

  return (
    <RunContext.Provider value={details}>
      <Stack gap="lg">
        <Breadcrumbs items={crumbs} />
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={2}>{details.name}</Title>
            {details.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{details.description}</Text>}
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {t('runs.layout.crs')}
              </Text>
              <Text size="sm">{details.crsDisplayName ?? t('runs.layout.noCrs')}</Text>
            </Group>
          </Stack>
          {withoutTabs ? (
            <Button component={Link} to={runPath(group.name, details.id)} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
              {t('runs.layout.backToRun')}
            </Button>
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Button component={Link} to={runPath(group.name, details.id, 'edit')} variant="default" leftSection={<IconEdit size={16} aria-hidden />}>
                {t('runs.layout.editRun')}
              </Button>
              <Button component={Link} to={runPath(group.name, details.id, 'delete')} variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />}>
                {t('runs.layout.deleteRun')}
              </Button>
            </Group>
          )}
        </Group>
        {withoutTabs ? (
          <Outlet />
        ) : (
          <Tabs
            value={tab}
            onChange={(value) => value && void navigate(runPath(group.name, details.id, value === 'files' ? 'files' : ''))}
          >
            <Tabs.List>
              {TABS.map((name) => (
                <Tabs.Tab key={name} value={name}>
                  {t(`runs.layout.tabs.${name}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value={tab} pt="lg">
              <Outlet />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </RunContext.Provider>
  );
}
