import type { Dashboard } from '@corridor/contract';
import { Alert, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  deleteDashboard,
  duplicateDashboard,
  lockDashboard,
  unlockDashboard,
  useDashboards,
  useInvalidateDashboards,
} from '../../../api/dashboards.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { dashboardPath } from '../paths.ts';
import { type DashboardActions, DashboardRow } from './DashboardRow.tsx';
import { byModifiedDesc } from './dashboardOrder.ts';

/** The Dashboards tab (spec 3 §2.1): the team's dashboards, newest change first, with create and the row actions. */
export function DashboardsTab({ groupId, groupName }: { groupId: number; groupName: string }) {
  const { t } = useTranslation('dashboards', { keyPrefix: 'list' });
  const dashboards = useDashboards(groupId);
  const invalidate = useInvalidateDashboards();
  const [failure, setFailure] = useState<string>();

  // A failed action shows its message above the list; the list is refreshed either way.
  const guarded =
    <A extends unknown[]>(action: (...args: A) => Promise<unknown>) =>
    async (...args: A) => {
      setFailure(undefined);
      try {
        await action(...args);
      } catch (error) {
        setFailure(t('actionFailed', { message: error instanceof Error ? error.message : String(error) }));
      } finally {
        await invalidate();
      }
    };
  const actions: DashboardActions = {
    duplicate: guarded((dashboard: Dashboard) => duplicateDashboard(dashboard)),
    remove: guarded((dashboard: Dashboard) => deleteDashboard(dashboard.id)),
    setLocked: guarded((dashboard: Dashboard, locked: boolean) => (locked ? lockDashboard : unlockDashboard)(dashboard.id)),
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button component={Link} to={dashboardPath(groupName, 'new')} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('create')}
        </Button>
      </Group>
      {failure && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(undefined)}>
          {failure}
        </Alert>
      )}
      {dashboards.isPending ? (
        <PageLoader />
      ) : dashboards.isError ? (
        <Alert color="red" role="alert">
          <Group gap="sm">
            <Text size="sm">
              {t('loadError')} {dashboards.error.message}
            </Text>
            <Button size="xs" variant="default" onClick={() => void dashboards.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      ) : dashboards.data.length === 0 ? (
        <Stack gap={4} py="lg" align="center" ta="center">
          <Text fw={500}>{t('empty')}</Text>
          <Text c="dimmed" size="sm">
            {t('emptyHint')}
          </Text>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('title')} verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.name')}</Table.Th>
                <Table.Th>{t('columns.modified')}</Table.Th>
                <Table.Th w={1}>
                  <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {byModifiedDesc(dashboards.data).map((dashboard) => (
                <DashboardRow key={dashboard.id} dashboard={dashboard} to={dashboardPath(groupName, dashboard.id)} actions={actions} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
