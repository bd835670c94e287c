/**
 * /{group}/{scenario}/editor (spec 2 §2): finds the scenario and its network file, then lays out the editor —
 * map with toolbar, the bottom tabbed area (30 % of the height, two panes), collapsible sidebar. The editor shows as
 * soon as the network file is known; the map starts at zoom 3 until network-info answers (spec 2 §9) and then
 * moves to the stored centre. Loaded lazily with its own chunk.
 */
import { Alert, Anchor, Box, Group, Select, Stack, Title } from '@mantine/core';
import type { NetworkInfo } from '@corridor/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useNetworkInfo } from '../../api/network.ts';
import { useDataset, useScenarios } from '../../api/scenarios.ts';
import { currentSearchWith } from '../../components/addressParams.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { CrsProblemPanel } from '../../components/map/CrsProblemPanel.tsx';
import { networkCrsProblem } from '../../components/map/crsProblem.ts';
import { roleOfFile } from '../../components/fileRoles.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useCurrentGroup } from '../groups/GroupContext.ts';
import { LeaveGuard } from './dialogs/LeaveGuard.tsx';
import { LinkUseDialog } from './dialogs/LinkUseDialog.tsx';
import { EDITOR_NS } from './i18n/index.ts';
import { EditorMap } from './canvas/EditorMap.tsx';
import { PreviewPanel } from './preview/PreviewPanel.tsx';
import { Sidebar } from './sidebar/Sidebar.tsx';
import { EditorContext } from './state/context.ts';
import { EditorEnvContext, type EditorEnv } from './state/env.ts';
import { EditorStore } from './state/store.ts';
import { calculateDiffOf } from './state/viewAddress.ts';
import { Toolbar } from './toolbar/Toolbar.tsx';
import { AssignOverlay } from './groups/transit/AssignOverlay.tsx';
import { TransitLoader } from './groups/transit/TransitLoader.tsx';
import { useLineTabs } from './groups/transit/useLineTabs.tsx';
import { DrtLoader } from './groups/drt/DrtLoader.tsx';
import { drtFilesOf, hasDrtFiles, namedForDrt } from './groups/drt/files.ts';
import { useDrtTabs } from './groups/drt/useDrtTabs.tsx';
import { useShortcuts } from './toolbar/useShortcuts.ts';

export function EditorPage() {
  const { t } = useTranslation(EDITOR_NS);
  const group = useCurrentGroup();
  const { scenario: key = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const list = useScenarios(group.id);
  const summary = list.data?.find((entry) => entry.key === key);
  const dataset = useDataset(summary?.id);
  const networks = (dataset.data?.files ?? []).filter((file) => roleOfFile(file) === 'network');
  const chosen = networks.find((file) => String(file.id) === search.get('file')) ?? networks[0];
  const schedules = (dataset.data?.files ?? []).filter((file) => roleOfFile(file) === 'transitschedule');
  // The public transport schedule: the address's, else the first not named for DRT stops (a DRT stop file is a
  // transit schedule too; the DRT tab loads it). With only such files none is opened until one is chosen.
  const schedule = schedules.find((file) => String(file.id) === search.get('schedule')) ?? schedules.find((file) => !namedForDrt(file.name));
  const drtFiles = useMemo(() => drtFilesOf(dataset.data?.files ?? []), [dataset.data?.files]);
  const info = useNetworkInfo(chosen?.id);
  const back = `/${encodeURIComponent(group.name)}/${encodeURIComponent(key)}`;

  const header = (
    <Group gap="md" wrap="nowrap">
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {t('page.back')}
        </Group>
      </Anchor>
      <Title order={1} size="h3">
        {t('page.title')}
      </Title>
      {(schedules.length > 1 || (schedules.length > 0 && !schedule)) && (
        <Select
          aria-label={t('page.scheduleFile')}
          placeholder={t('page.scheduleFile')}
          size="xs"
          data={schedules.map((file) => ({ value: String(file.id), label: file.name }))}
          value={schedule ? String(schedule.id) : null}
          onChange={(value) => value && setSearch(currentSearchWith('schedule', value))}
          allowDeselect={false}
        />
      )}
      {networks.length > 1 && (
        <Select
          aria-label={t('page.networkFile')}
          size="xs"
          data={networks.map((file) => ({ value: String(file.id), label: file.name }))}
          value={chosen ? String(chosen.id) : null}
          onChange={(value) => value && setSearch(currentSearchWith('file', value))}
          allowDeselect={false}
        />
      )}
    </Group>
  );

  if (list.isPending || (summary && dataset.isPending)) return <PageLoader />;
  if (list.isError || dataset.isError || !summary || !dataset.data) return <ErrorState title={t('page.loadError')} message={t('page.loadError')} />;
  if (!chosen) {
    return (
      <Stack>
        {header}
        <Alert color="blue">{t('page.noNetwork')}</Alert>
      </Stack>
    );
  }
  if (info.isError) {
    return (
      <Stack>
        {header}
        <Alert color="yellow">{t('page.notProcessed')}</Alert>
      </Stack>
    );
  }
  // Coordinates that do not fit the CRS (issue 24): a clear state with the way to the CRS, never a map that throws.
  const problem = info.data && networkCrsProblem(info.data, dataset.data.attributes.__crs);
  if (problem) {
    return (
      <Stack>
        {header}
        <CrsProblemPanel problem={problem} fileName={networks.length > 1 ? chosen.name : undefined} settingsPath={`${back}/edit/general`} />
      </Stack>
    );
  }
  return (
    <EditorFrame
      env={{ scenario: dataset.data, groupName: group.name, networkFileId: chosen.id, drtFiles, ...(schedule ? { transitFile: { id: schedule.id, name: schedule.name } } : {}) }}
      header={header}
      info={info.data}
    />
  );
}

/** The bottom area: the Preview tab, the open line tabs and the DRT tabs. */
function BottomArea() {
  const lineTabs = useLineTabs();
  const drtTabs = useDrtTabs();
  const tabs = useMemo(() => [...lineTabs, ...drtTabs], [lineTabs, drtTabs]);
  return <PreviewPanel extraTabs={tabs} />;
}

/** `info`: undefined while network-info has not answered (the map waits at zoom 3). */
function EditorFrame({ env, header, info }: { env: EditorEnv; header: React.ReactNode; info: NetworkInfo | undefined }) {
  // One store per scenario, network file and schedule: switching a file starts a fresh editor (the address's view kept).
  const store = useMemo(
    () =>
      new EditorStore({
        calculateDiff: calculateDiffOf(new URLSearchParams(window.location.search)),
        transit: env.transitFile !== undefined,
        drt: env.drtFiles !== undefined && hasDrtFiles(env.drtFiles),
      }),
    [env.scenario.id, env.networkFileId, env.transitFile?.id],
  );
  useShortcuts(store);
  return (
    <EditorEnvContext.Provider value={env}>
      <EditorContext.Provider value={store}>
        <Stack gap="xs" h="calc(100dvh - 2 * var(--app-shell-padding, 1.25rem))" mih={480}>
          {header}
          <Group gap={0} align="stretch" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Box pos="relative" style={{ flex: 7, minHeight: 0 }}>
                <EditorMap info={info} />
                <Toolbar />
                {env.transitFile && <TransitLoader fileId={env.transitFile.id} fileName={env.transitFile.name} />}
                {env.drtFiles && <DrtLoader files={env.drtFiles} />}
                <AssignOverlay />
              </Box>
              <Box style={{ flex: 3, minHeight: 0, overflow: 'hidden' }} pt={4}>
                <BottomArea />
              </Box>
            </Stack>
            <Sidebar />
          </Group>
        </Stack>
        <LeaveGuard />
        <LinkUseDialog />
      </EditorContext.Provider>
    </EditorEnvContext.Provider>
  );
}
