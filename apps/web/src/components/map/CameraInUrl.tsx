/**
 * Writes the camera into the address after the map moves (throttled, replacing the entry: panning does not fill
 * the browser history). Its own component, so that only it renders again when the address changes.
 */
import { useThrottledCallback } from '@mantine/hooks';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { addressStillAt, currentSearchWith } from '../addressParams.ts';
import { CAMERA_PARAM, formatCamera } from './camera.ts';

const WRITE_EVERY_MS = 500;

export function CameraInUrl({ map }: { map: MapLibreMap }) {
  const [search, setSearch] = useSearchParams();
  const [pathname] = useState(() => window.location.pathname);
  const write = useThrottledCallback(() => {
    if (!addressStillAt(pathname)) return;
    const { lng, lat } = map.getCenter();
    const value = formatCamera({ lat, lng, zoom: map.getZoom() });
    if (search.get(CAMERA_PARAM) === value) return;
    setSearch(currentSearchWith(CAMERA_PARAM, value), { replace: true, preventScrollReset: true });
  }, WRITE_EVERY_MS);

  useEffect(() => {
    map.on('moveend', write);
    return () => void map.off('moveend', write);
  }, [map, write]);
  return null;
}
