/**
 * The editor's map (spec 2 §2): MapLibre with the theme's style (or a plain background), the network as deck.gl
 * layers, the active tool's handler on the pointer, the viewport query, fly-to and the camera in the address.
 * Without a camera in the address it shows at zoom 3 until network-info answers (`info` undefined), then moves to
 * the stored centre; the viewport query, the fit and the camera in the address start once it is placed.
 */
import { Alert, Badge, useComputedColorScheme } from '@mantine/core';
import type { NetworkInfo } from '@corridor/contract';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../i18n/index.ts';
import { useEditor, useEditorStore } from '../state/context.ts';
import { ARROW_MIN_ZOOM } from '../../../components/map/directionArrows.ts';
import { useStyleUrl } from '../../../components/map/mapStyle.ts';
import { useMapInstance, useMapReady, useThemedStyle } from '../../../components/map/useMapInstance.ts';
import { CameraInUrl } from '../../../components/map/CameraInUrl.tsx';
import { RefusalNotice } from './RefusalNotice.tsx';
import { LoadingBadge } from './LoadingBadge.tsx';
import { openingCamera, storedCamera } from './camera.ts';
import { useFitToNetwork } from './useFitToNetwork.ts';
import { PALETTES } from './layers/palette.ts';
import { NODE_ZOOM, useNetworkLayers } from './layers/useNetworkLayers.ts';
import { useFlyTo } from './useFlyTo.ts';
import { useTransitLayers } from '../groups/transit/useTransitLayers.ts';
import { useDrtLayers } from '../groups/drt/useDrtLayers.ts';
import { useMapCursor } from './useMapCursor.ts';
import { usePointer } from './usePointer.ts';
import { useViewportQuery } from './useViewportQuery.ts';

export const EditorMap = memo(function EditorMap({ info }: { info: NetworkInfo | undefined }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const scheme = useComputedColorScheme('light');
  const palette = PALETTES[scheme];
  const frame = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  // Read once: the map owns the camera from then on and writes it back to the address.
  const [{ camera, fit, placed: placedAtOnce }] = useState(() => openingCamera(new URLSearchParams(window.location.search), info));
  const instance = useMapInstance(container, camera, palette.background);
  const map = instance?.map;
  const [placed, setPlaced] = useState(placedAtOnce);
  // network-info answered after the map showed at zoom 3: to the stored centre (the fit follows the first load).
  useEffect(() => {
    if (!map || placed || !info) return;
    const to = storedCamera(info);
    map.jumpTo({ center: [to.lng, to.lat], zoom: to.zoom });
    setPlaced(true);
  }, [map, placed, info]);
  const placedMap = placed ? map : undefined;
  const [showAllNodes, setShowAllNodes] = useState(camera.zoom >= NODE_ZOOM);
  const [showArrows, setShowArrows] = useState(camera.zoom > ARROW_MIN_ZOOM);
  const { layers: networkLayers, linkCount } = useNetworkLayers(palette, showAllNodes, showArrows);
  const { layers: transitLayers, stopGroups } = useTransitLayers(palette);
  const { layers: drtLayers, vehicleMarkers: drtVehicleMarkers, stops: drtStops } = useDrtLayers(palette);
  const layers = useMemo(() => [...networkLayers, ...transitLayers, ...drtLayers], [networkLayers, transitLayers, drtLayers]);
  const exceedsLimit = useEditor((state) => state.exceedsLimit);
  // Add Link's snap target, named for tests and assistive technology (the ring is drawn by the layers).
  const snapNode = useEditor((state) => (state.tool === 'addLink' ? state.hover.nodeId : undefined));

  const styleUrl = useStyleUrl(scheme);
  // A plane with no place on Earth (MATSim's Atlantis) is drawn on the plain background: no real map under it.
  useThemedStyle(map, palette.background, info?.plane ? null : styleUrl);
  const fitToNetwork = useFitToNetwork(placedMap, fit);
  useViewportQuery(placedMap, fitToNetwork);
  useFlyTo(map);
  usePointer(instance, store);
  useMapCursor(map);
  const ready = useMapReady(map);

  useEffect(() => {
    if (!map) return;
    const onZoom = () => {
      setShowAllNodes(map.getZoom() >= NODE_ZOOM);
      setShowArrows(map.getZoom() > ARROW_MIN_ZOOM);
    };
    map.on('zoom', onZoom);
    return () => void map.off('zoom', onZoom);
  }, [map]);

  // The e2e test and the bench wait on these: the map has loaded, and how many link lines the overlay now draws.
  useEffect(() => {
    if (!instance) return;
    instance.overlay.setProps({ layers });
    frame.current?.setAttribute('data-links-drawn', String(linkCount));
    frame.current?.setAttribute('data-stops-drawn', String(stopGroups));
    frame.current?.setAttribute('data-drt-vehicle-markers', String(drtVehicleMarkers));
    frame.current?.setAttribute('data-drt-stops', String(drtStops));
  }, [instance, layers, linkCount, stopGroups, drtVehicleMarkers, drtStops]);

  return (
    <div
      ref={frame}
      data-testid="editor-map"
      data-map-ready={ready || undefined}
      data-placed={placed || undefined}
      data-snap-node={snapNode}
      aria-label={t('map.label')}
      role="application"
      style={{ position: 'absolute', inset: 0 }}
    >
      <div ref={container} style={{ position: 'absolute', inset: 0 }} />
      {placedMap && <CameraInUrl map={placedMap} />}
      {!placed && (
        <LoadingBadge label={t('page.loading')} bottom={8} />
      )}
      <RefusalNotice />
      {snapNode !== undefined && (
        <Badge
          variant="filled"
          role="status"
          style={{ position: 'absolute', bottom: 8, left: '50%', transform: 'translateX(-50%)', zIndex: 2, pointerEvents: 'none', textTransform: 'none' }}
        >
          {t('toolbar.snap', { id: snapNode })}
        </Badge>
      )}
      {exceedsLimit && (
        <Alert
          color="yellow"
          title={t('map.limit.title')}
          style={{ position: 'absolute', bottom: 8, left: 8, maxWidth: 320, zIndex: 2, pointerEvents: 'none' }}
          data-testid="viewport-limit"
        >
          {t('map.limit.text')}
        </Alert>
      )}
    </div>
  );
});
