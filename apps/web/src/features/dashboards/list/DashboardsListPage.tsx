import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx';
import { useCurrentGroup } from '../../groups/GroupContext.ts';
import '../i18n/index.ts';
import { TablesManager } from '../tables/TablesManager.tsx';
import { DashboardsTab } from './DashboardsTab.tsx';
import { importDatasetOf, LIST_TABS, type ListTab, tabOf, withDataset, withTab } from './listSearch.ts';

/**
 * /{group}/dashboards (spec 3 §2.1): tabs Dashboards and Manage Tables. The tab and the chosen dataset live in the
 * address (`?tab=tables&import={id}`), so reload and back keep them and "Import data..." links can preselect.
 */
export function DashboardsListPage() {
  const { t } = useTranslation('dashboards', { keyPrefix: 'list' });
  const group = useCurrentGroup();
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search);

  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: group.name, to: `/${encodeURIComponent(group.name)}` }, { label: t('title') }]} />
      <Title order={2}>{t('title')}</Title>
      <Tabs value={tab} onChange={(value) => value && setSearch(withTab(search, value as ListTab))} keepMounted={false}>
        <Tabs.List>
          {LIST_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="dashboards" pt="lg">
          <DashboardsTab groupId={group.id} groupName={group.name} />
        </Tabs.Panel>
        <Tabs.Panel value="tables" pt="lg">
          <TablesManager
            groupId={group.id}
            datasetId={importDatasetOf(search)}
            onDatasetChange={(id) => setSearch(withDataset(search, id), { replace: true })}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
