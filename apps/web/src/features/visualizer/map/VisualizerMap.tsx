/**
 * The visualizer's map: MapLibre with the chosen base map theme (plain by default: no tile requests), the deck.gl
 * overlay drawn every animation frame from the layers' builders, the camera in the address, fit to the data
 * sources' networks when sources are added, and the PNG download.
 */
import { Button, Group, Select, Tooltip, useComputedColorScheme } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addressStillAt } from '../../../components/addressParams.ts';
import { CameraInUrl } from '../../../components/map/CameraInUrl.tsx';
import { CAMERA_PARAM, formatCamera, parseCamera } from '../../../components/map/camera.ts';
import { useStyleUrl } from '../../../components/map/mapStyle.ts';
import { useMapInstance, useMapReady, useThemedStyle } from '../../../components/map/useMapInstance.ts';
import { VISUALIZER_NS } from '../i18n/index.ts';
import type { LngLatBounds } from '../model/bounds.ts';
import { themesFor, themeUrl } from '../model/themes.ts';
import { useVisualizer } from '../state/context.ts';
import { formatClock } from '../model/time.ts';
import { useLayerName } from '../panels/LayersPanel.tsx';
import { useSourceName } from '../panels/fields.tsx';
import { downloadPng, type PngCaption } from './download.ts';
import { LayerStatusLines } from './LayerStatusLines.tsx';

const BACKGROUND = { light: '#eef1f4', dark: '#1f2124' } as const;
const WORLD = { lat: 20, lng: 0, zoom: 1.5 };

interface Props {
  order: readonly string[];
  fitTo: { bounds: LngLatBounds; serial: number } | null;
  theme: string;
  onTheme: (theme: string) => void;
}

export function VisualizerMap({ order, fitTo, theme, onTheme }: Props) {
  const { t, i18n } = useTranslation(VISUALIZER_NS);
  const { clock, drawings, view, sources } = useVisualizer();
  const layerName = useLayerName();
  const sourceName = useSourceName();
  const scheme = useComputedColorScheme('light');
  const background = BACKGROUND[scheme];
  const frame = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [camera] = useState(() => parseCamera(new URLSearchParams(window.location.search).get(CAMERA_PARAM)) ?? WORLD);
  const instance = useMapInstance(container, camera, background, { preserveDrawingBuffer: true });
  const map = instance?.map;
  const adminUrl = useStyleUrl(scheme);
  useThemedStyle(map, background, themeUrl(theme, adminUrl, scheme));
  const ready = useMapReady(map);
  const orderRef = useRef(order);

  useEffect(() => {
    orderRef.current = order;
    drawings.invalidate();
  }, [order, drawings]);

  // The camera the map shows, as the address writes it (tests compare it after a reload).
  useEffect(() => {
    if (!map) return;
    const show = () => {
      const { lng, lat } = map.getCenter();
      frame.current?.setAttribute('data-camera', formatCamera({ lat, lng, zoom: map.getZoom() }));
    };
    show();
    map.on('moveend', show);
    return () => void map.off('moveend', show);
  }, [map]);

  useEffect(() => {
    if (map && fitTo) map.fitBounds(fitTo.bounds, { padding: 40, animate: false });
  }, [map, fitTo]);

  // The animation loop: the clock moves, and the overlay draws again when time, zoom or a layer changed. Once the
  // address has left the visualizer the page may stay on screen while the next page loads: the loop then neither
  // moves the clock nor draws (nor asks for vehicles), so the next page gets the main thread at once.
  useEffect(() => {
    if (!instance) return;
    let handle = 0;
    let last = performance.now();
    let drawn = { time: Number.NaN, zoom: Number.NaN };
    let version = 0;
    const pathname = window.location.pathname;
    const step = (now: number) => {
      if (!addressStillAt(pathname)) {
        last = now;
        handle = requestAnimationFrame(step);
        return;
      }
      clock.tick(now - last);
      last = now;
      const { time } = clock.get();
      const zoom = instance.map.getZoom();
      const { builders, dirty } = drawings.take(orderRef.current);
      if (dirty || time !== drawn.time || zoom !== drawn.zoom) {
        version++;
        const stats = { links: 0, vehicles: 0 };
        const layers = builders.flatMap((build) => build({ time, zoom, version, stats }));
        instance.overlay.setProps({ layers });
        drawn = { time, zoom };
        frame.current?.setAttribute('data-links-drawn', String(stats.links));
        frame.current?.setAttribute('data-vehicles-drawn', String(stats.vehicles));
      }
      handle = requestAnimationFrame(step);
    };
    handle = requestAnimationFrame(step);
    return () => cancelAnimationFrame(handle);
  }, [instance, clock, drawings]);

  /** What the PNG shows beside the map: the data sources with their runs, the time, the visible layers' colour legends. */
  const caption = (): PngCaption => {
    const numbers = new Intl.NumberFormat(i18n.language, { maximumSignificantDigits: 4 });
    const visible = view.layers.filter((layer) => layer.visible);
    const legends = drawings.legends(order.filter((id) => visible.some((layer) => layer.id === id)));
    return {
      sources: view.sources.map((source) => {
        const run = sources.get(source.id)?.run?.name;
        return run ? `${sourceName(source.id)} – ${run}` : sourceName(source.id);
      }),
      time: t('page.map.legend.time', { time: formatClock(clock.get().time) }),
      blocks: legends.flatMap(({ id, legend }) => {
        const layer = visible.find((entry) => entry.id === id);
        return layer ? [{ title: layerName(layer), attribute: legend.attribute, legend: legend.legend }] : [];
      }),
      words: {
        fixed: t('page.map.legend.fixed'),
        noValue: t('page.map.legend.noValue'),
        noData: t('page.map.legend.noData'),
        below: (value) => t('page.map.legend.below', { value }),
        above: (value) => t('page.map.legend.above', { value }),
        more: (count) => t('page.map.legend.more', { count }),
        quantiles: (min, max) => t('page.map.legend.quantiles', { min, max }),
        formatNumber: (value) => numbers.format(value),
      },
    };
  };

  const themes = themesFor(adminUrl);
  const label = (name: string) => (name === 'plain' || name === 'admin' ? t(`page.map.themes.${name}`) : name);

  return (
    <div ref={frame} data-testid="visualizer-map" data-map-ready={ready || undefined} role="application" aria-label={t('page.map.label')} style={{ position: 'absolute', inset: 0 }}>
      <div ref={container} style={{ position: 'absolute', inset: 0 }} />
      {map && <CameraInUrl map={map} />}
      <LayerStatusLines drawings={drawings} />
      <Group gap="xs" style={{ position: 'absolute', top: 8, right: 8, zIndex: 2 }}>
        <Select
          size="xs"
          aria-label={t('page.map.theme')}
          data={themes.map((name) => ({ value: name, label: label(name) }))}
          value={themes.includes(theme) ? theme : 'plain'}
          onChange={(value) => value && onTheme(value)}
          allowDeselect={false}
          w={170}
        />
        <Tooltip label={t('page.map.downloadPng')}>
          <Button
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={() => void downloadPng([map?.getCanvas(), instance?.overlay.getCanvas()], 'visualizer.png', caption())}
            disabled={!map}
          >
            {t('page.map.downloadPng')}
          </Button>
        </Tooltip>
      </Group>
    </div>
  );
}
