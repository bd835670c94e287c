/**
 * The visualizer `/{group}/visualizer` (spec 3 §2.20): full screen — the left panel with data sources and layers,
 * the active layer's settings beside it, the map with base map theme and PNG download, the timeline below. The
 * view (sources, layers, time, speed, theme; the camera) lives in the address. Loaded lazily with its own chunk.
 */
import type { VisBoundingBox } from '@corridor/contract';
import { Alert, Box, Button, Group, ScrollArea, Stack, Title } from '@mantine/core';
import { useFullscreenElement } from '@mantine/hooks';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useNetworkInfos } from '../../api/network.ts';
import { useRuns } from '../../api/runs.ts';
import { CrsProblemPanel } from '../../components/map/CrsProblemPanel.tsx';
import { networkCrsProblem } from '../../components/map/crsProblem.ts';
import { useCurrentGroup } from '../groups/GroupContext.ts';
import { useRunOptions } from './server/queries.ts';
import { VISUALIZER_NS } from './i18n/index.ts';
import { createDrawings } from './map/drawings.ts';
import { NetworkLayerData } from './map/NetworkLayerData.tsx';
import { VehicleLayerData } from './map/VehicleLayerData.tsx';
import { VisualizerMap } from './map/VisualizerMap.tsx';
import { combinedBounds, type LngLatBounds } from './model/bounds.ts';
import { createClock } from './model/clock.ts';
import { EMPTY_VIEW, reduceView, type View } from './model/layers.ts';
import { PLAIN_THEME } from './model/themes.ts';
import { speedIndex } from './model/time.ts';
import { SPEED_PARAM, THEME_PARAM, TIME_PARAM, VIEW_PARAM, decodeTime, decodeView } from './model/urlState.ts';
import { LayersPanel } from './panels/LayersPanel.tsx';
import { SettingsPanel } from './panels/SettingsPanel.tsx';
import { SourcesPanel } from './panels/SourcesPanel.tsx';
import { Timeline } from './panels/Timeline.tsx';
import { VisualizerContext, type SourceInfo, type Visualizer } from './state/context.ts';
import { useUrlWriter } from './state/useUrlWriter.ts';

/** A box that lies on Earth, or null (metres taken as degrees: issue 24). */
function onEarth(box: VisBoundingBox | null | undefined): VisBoundingBox | null {
  if (!box) return null;
  const fits = [box.xMin, box.xMax].every((x) => Math.abs(x) <= 180) && [box.yMin, box.yMax].every((y) => Math.abs(y) <= 90);
  return fits ? box : null;
}

/** The view the address names; the spec's error for a missing source or an unknown layer type. */
function initialView(search: URLSearchParams): { view: View; error: string | null } {
  try {
    return { view: decodeView(search.get(VIEW_PARAM)), error: null };
  } catch (error) {
    return { view: EMPTY_VIEW, error: (error as Error).message };
  }
}

export function VisualizerPage() {
  const { t } = useTranslation(VISUALIZER_NS);
  const group = useCurrentGroup();
  const [search] = useSearchParams();
  const [start] = useState(() => initialView(search));
  const [view, dispatch] = useReducer(reduceView, start.view);
  const [clock] = useState(() => createClock({ time: decodeTime(search.get(TIME_PARAM)), playing: false, speedIndex: speedIndex(search.get(SPEED_PARAM)) }));
  const [drawings] = useState(createDrawings);
  const [theme, setTheme] = useState(() => search.get(THEME_PARAM) ?? PLAIN_THEME);
  const runs = useRuns(group.id);
  const options = useRunOptions(view.sources.map((source) => source.runId));
  // Sources whose network cannot be placed on a map (issue 24): a clear state instead of a map that throws.
  // Asked once the network is loaded on the server (its box is there, so is its info): no 404 while it is processed.
  const infos = useNetworkInfos(options.map((query) => (query.data?.networkBoundingBox ? query.data.networkFileId : undefined)));
  const crsProblems = view.sources.flatMap((source, index) => {
    const info = infos[index]?.data;
    const problem = info ? networkCrsProblem(info, undefined) : null;
    return problem ? [{ source, problem }] : [];
  });
  const misplaced = new Set(crsProblems.map(({ source }) => source.id));

  const sources = useMemo(() => {
    const map = new Map<string, SourceInfo>();
    view.sources.forEach((source, index) => {
      const query = options[index];
      map.set(source.id, { runId: source.runId, options: query?.data, error: query?.error ?? null, run: runs.data?.find((run) => run.id === source.runId) });
    });
    return map;
  }, [view.sources, options, runs.data]);

  useUrlWriter(view, clock, theme);

  // Adding sources fits the map to all sources' networks once their options are there.
  const [fitTo, setFitTo] = useState<{ bounds: LngLatBounds; serial: number } | null>(null);
  const known = useRef(view.sources.length);
  const pendingFit = useRef(false);
  useEffect(() => {
    if (view.sources.length > known.current) pendingFit.current = true;
    known.current = view.sources.length;
    if (!pendingFit.current || options.some((query) => query.isPending)) return;
    pendingFit.current = false;
    const bounds = combinedBounds(options.map((query, index) => (misplaced.has(view.sources[index]?.id ?? '') ? null : onEarth(query.data?.networkBoundingBox))));
    if (bounds) setFitTo((previous) => ({ bounds, serial: (previous?.serial ?? 0) + 1 }));
    // `misplaced` follows options and infos.
  }, [view.sources.length, options, infos]);

  // Full screen (spec 3 §2.20): the page fills the content area; this button gives it the whole screen.
  const fullscreen = useFullscreenElement<HTMLDivElement>();

  const value = useMemo<Visualizer>(() => ({ view, dispatch, clock, drawings, sources }), [view, clock, drawings, sources]);
  // Networks under vehicles: the map draws network layers first, each group in the list's order.
  const order = useMemo(() => [...view.layers.filter((layer) => layer.type === 'network'), ...view.layers.filter((layer) => layer.type === 'vehicles')].map((layer) => layer.id), [view.layers]);

  return (
    <VisualizerContext.Provider value={value}>
      <Stack
        ref={fullscreen.ref}
        gap={0}
        h={fullscreen.fullscreen ? '100dvh' : 'calc(100dvh - 2 * var(--app-shell-padding, 1.25rem))'}
        mih={480}
        bg="var(--mantine-color-body)"
      >
        <Group justify="space-between" mb={4} wrap="nowrap">
          <Title order={2} size="h4">
            {t('page.title')}
          </Title>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={fullscreen.fullscreen ? <IconMinimize size={16} /> : <IconMaximize size={16} />}
            onClick={() => void fullscreen.toggle()}
          >
            {fullscreen.fullscreen ? t('page.exitFullScreen') : t('page.fullScreen')}
          </Button>
        </Group>
        {crsProblems.map(({ source, problem }) => (
          <Box key={source.id} mb="xs">
            <CrsProblemPanel
              problem={problem}
              sourceName={runs.data?.find((run) => run.id === source.runId)?.name}
              settingsPath={`/${encodeURIComponent(group.name)}/runs/${source.runId}/edit`}
              settingsLabel={t('crs.problem.setRunCrs', { ns: 'translation' })}
            />
          </Box>
        ))}
        {start.error && (
          <Alert color="red" mb="xs" role="alert">
            {t('page.viewError', { message: start.error })}
          </Alert>
        )}
        <Group gap={0} align="stretch" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
          <ScrollArea w={280} p="xs" style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}>
            <Stack gap="lg">
              <SourcesPanel />
              <LayersPanel />
            </Stack>
          </ScrollArea>
          {view.active && (
            <ScrollArea w={300} p="xs" style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}>
              <SettingsPanel />
            </ScrollArea>
          )}
          <Box pos="relative" style={{ flex: 1, minWidth: 0 }}>
            <VisualizerMap order={order} fitTo={fitTo} theme={theme} onTheme={setTheme} />
          </Box>
        </Group>
        <Timeline />
      </Stack>
      {view.layers
        .filter((layer) => !misplaced.has(layer.dataSource))
        .map((layer) => (layer.type === 'network' ? <NetworkLayerData key={layer.id} layer={layer} /> : <VehicleLayerData key={layer.id} layer={layer} />))}
    </VisualizerContext.Provider>
  );
}
