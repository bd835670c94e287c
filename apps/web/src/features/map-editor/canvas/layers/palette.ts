/**
 * The map's colours per theme (spec 2 §3: each of the six change flags in its own colour; §9: palettes for light
 * and dark). The outline is a darker casing under the links. Unsaved flags are saturated, saved ones a calmer hue of their own so both read apart on one map.
 */
import type { ChangeFlag } from '@corridor/changesets';

export type Rgba = readonly [number, number, number, number];

export interface Palette {
  readonly link: Rgba;
  readonly outline: Rgba;
  readonly node: Rgba;
  readonly nodeOutline: Rgba;
  readonly flags: Readonly<Record<ChangeFlag, Rgba>>;
  readonly selected: Rgba;
  readonly hover: Rgba;
  readonly draft: Rgba;
  readonly draftFill: Rgba;
  readonly background: string;
}

export const PALETTES: Readonly<Record<'light' | 'dark', Palette>> = {
  light: {
    link: [134, 142, 150, 255],
    outline: [33, 37, 41, 200],
    node: [134, 142, 150, 255],
    nodeOutline: [255, 255, 255, 255],
    flags: {
      added: [47, 158, 68, 255],
      modified: [240, 140, 0, 255],
      deleted: [224, 49, 49, 150],
      savedAdded: [12, 166, 170, 255],
      savedModified: [156, 54, 181, 255],
      savedDeleted: [194, 37, 92, 150],
    },
    selected: [34, 139, 230, 255],
    hover: [250, 176, 5, 255],
    draft: [25, 113, 194, 255],
    draftFill: [25, 113, 194, 40],
    background: '#eef1f4',
  },
  dark: {
    link: [193, 194, 197, 255],
    outline: [0, 0, 0, 230],
    node: [193, 194, 197, 255],
    nodeOutline: [26, 27, 30, 255],
    flags: {
      added: [81, 207, 102, 255],
      modified: [255, 169, 77, 255],
      deleted: [255, 107, 107, 150],
      savedAdded: [59, 201, 219, 255],
      savedModified: [204, 93, 232, 255],
      savedDeleted: [240, 101, 149, 150],
    },
    selected: [77, 171, 247, 255],
    hover: [255, 212, 59, 255],
    draft: [116, 192, 252, 255],
    draftFill: [116, 192, 252, 48],
    background: '#1f2126',
  },
};
