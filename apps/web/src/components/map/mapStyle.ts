/**
 * The map's style (spec 2 §2: it follows the theme): the administrator's style URL for the light or dark scheme,
 * else (none configured, still loading, or failed) an inline style with only a background colour, so no tile
 * request is ever made and the map is never broken (works offline). Shared by the map editor and the visualizer.
 */
import type { StyleSpecification } from 'maplibre-gl';
import { useMapStyle } from '../../api/network.ts';

export type Scheme = 'light' | 'dark';

export function backgroundStyle(color: string): StyleSpecification {
  return { version: 8, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': color } }] };
}

/** The style URL for the scheme, or null for the plain background. */
export function useStyleUrl(scheme: Scheme): string | null {
  const styles = useMapStyle();
  return styles.data?.[scheme] ?? null;
}
