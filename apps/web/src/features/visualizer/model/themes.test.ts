import { describe, expect, test } from 'vitest';
import { combinedBounds } from './bounds.ts';
import { themesFor, themeUrl } from './themes.ts';

const MAPTILER = 'https://api.maptiler.com/maps/streets-v2/style.json?key=abc';

describe('base map themes', () => {
  test('without a style URL only the plain background exists and no URL is ever made', () => {
    expect(themesFor(null)).toEqual(['plain']);
    expect(themeUrl('dataviz', null, 'light')).toBeNull();
    expect(themeUrl('plain', MAPTILER, 'light')).toBeNull();
  });

  test('a MapTiler style URL offers the named themes; dataviz follows dark mode', () => {
    expect(themesFor(MAPTILER)).toContain('toner-v2-lite');
    expect(themeUrl('admin', MAPTILER, 'light')).toBe(MAPTILER);
    expect(themeUrl('winter-v2', MAPTILER, 'light')).toBe('https://api.maptiler.com/maps/winter-v2/style.json?key=abc');
    expect(themeUrl('dataviz', MAPTILER, 'dark')).toBe('https://api.maptiler.com/maps/dataviz-dark/style.json?key=abc');
  });

  test('another style URL is offered as it is', () => {
    expect(themesFor('https://tiles.example/style.json')).toEqual(['plain', 'admin']);
    expect(themeUrl('satellite', 'https://tiles.example/style.json', 'light')).toBeNull();
  });
});

describe('combined bounding box', () => {
  test('spans all sources\' networks and skips sources without one', () => {
    expect(combinedBounds([{ xMin: 1, xMax: 2, yMin: 3, yMax: 4 }, null, { xMin: 0, xMax: 1.5, yMin: 3.5, yMax: 5 }])).toEqual([
      [0, 3],
      [2, 5],
    ]);
    expect(combinedBounds([null])).toBeNull();
  });
});
