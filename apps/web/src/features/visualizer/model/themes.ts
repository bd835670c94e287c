/**
 * Base map themes (spec 3 §9 "Map themes"). The tiles come from the style URL the administrator set (the same one
 * the map editor uses); a theme is that URL with the theme's name in place of the style's name when it is a
 * MapTiler-style address (`…/maps/<name>/style.json?key=…`). 'plain' (the default) is a background without tiles,
 * so the page never makes a tile request unless someone picks a theme; 'admin' is the administrator's style as it is.
 */
import type { Scheme } from '../../../components/map/mapStyle.ts';

export const MAP_THEMES = [
  'dataviz',
  'dataviz-light',
  'dataviz-dark',
  'basic-v2',
  'basic-v2-light',
  'basic-v2-dark',
  'streets-v2',
  'streets-v2-light',
  'streets-v2-dark',
  'streets-v2-pastel',
  'bright-v2',
  'bright-v2-light',
  'bright-v2-dark',
  'bright-v2-pastel',
  'toner-v2-lite',
  'winter-v2',
  'satellite',
  'hybrid',
  'fill',
] as const;

export const PLAIN_THEME = 'plain';
export const ADMIN_THEME = 'admin';

const STYLE_NAME = /\/maps\/[^/?#]+\//;

/** The themes offered: plain always; with a style URL set also the administrator's, and the named ones for MapTiler. */
export function themesFor(adminUrl: string | null): string[] {
  if (!adminUrl) return [PLAIN_THEME];
  return STYLE_NAME.test(adminUrl) ? [PLAIN_THEME, ADMIN_THEME, ...MAP_THEMES] : [PLAIN_THEME, ADMIN_THEME];
}

/** The style URL of a theme (null: the plain background). 'dataviz' follows dark mode (dataviz-dark). */
export function themeUrl(theme: string, adminUrl: string | null, scheme: Scheme): string | null {
  if (!adminUrl || !themesFor(adminUrl).includes(theme) || theme === PLAIN_THEME) return null;
  if (theme === ADMIN_THEME) return adminUrl;
  const name = theme === 'dataviz' && scheme === 'dark' ? 'dataviz-dark' : theme;
  return adminUrl.replace(STYLE_NAME, `/maps/${name}/`);
}
