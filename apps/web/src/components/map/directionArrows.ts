/**
 * A deck.gl layer of direction arrows, one per link, from `arrowPlacements` (binary attributes, so a million links
 * cost a few typed arrays). The arrow is one small static image drawn once; it is a mask, so each arrow takes its
 * link's colour. Shared by the map editor and the visualizer; the caller decides the zoom it shows from.
 */
import { IconLayer, type IconLayerProps } from '@deck.gl/layers';
import { ARROW_MAX_PX, ARROW_MIN_PX, type ArrowPlacements } from './arrowPlacement.ts';

export { arrowPlacements, arrowSizes, PAIR_OFFSET_PX, type ArrowPlacements, type LinkEnds } from './arrowPlacement.ts';

/** Arrows show only above this zoom (below it they would clutter the lines). */
export const ARROW_MIN_ZOOM = 14;

const ICON_PX = 32;
const ICON_MAPPING = { arrow: { x: 0, y: 0, width: ICON_PX, height: ICON_PX, mask: true } };

let image: HTMLCanvasElement | undefined;

/**
 * A filled arrow pointing east, drawn once on a canvas and kept: a static image that needs no request (the app's
 * Content Security Policy would refuse deck.gl fetching even a data: URL) and no decoding.
 */
function arrowImage(): HTMLCanvasElement {
  if (image) return image;
  image = document.createElement('canvas');
  image.width = ICON_PX;
  image.height = ICON_PX;
  const context = image.getContext('2d');
  if (context) {
    context.fillStyle = '#fff';
    context.fill(new Path2D('M29 16 5 4l6 12-6 12z'));
  }
  return image;
}

export interface DirectionArrowOptions {
  id: string;
  placements: ArrowPlacements;
  /** RGBA per link (4 bytes each, in the placements' order), or one colour for all. */
  colors: Uint8Array | Uint8ClampedArray | readonly [number, number, number, number];
  visible?: boolean;
  /** Arrow size: one for all (default 12) or one per link (`arrowSizes`, scaled with the line width). */
  size?: number | Float32Array;
  /** Unit of the sizes (default pixels); either way an arrow stays within 5–16 px on screen (spec 3 §9). */
  sizeUnits?: 'pixels' | 'meters';
}

export function directionArrowLayer({ id, placements, colors, visible = true, size = 12, sizeUnits = 'pixels' }: DirectionArrowOptions): IconLayer {
  const perLink = ArrayBuffer.isView(colors);
  const sizePerLink = typeof size !== 'number';
  return new IconLayer({
    id,
    visible,
    data: {
      length: placements.length,
      attributes: {
        getPosition: { value: placements.positions, size: 2 },
        getAngle: { value: placements.angles, size: 1 },
        getPixelOffset: { value: placements.offsets, size: 2 },
        ...(perLink ? { getColor: { value: colors, size: 4, normalized: true } } : {}),
        ...(sizePerLink ? { getSize: { value: size, size: 1 } } : {}),
      },
    },
    ...(perLink ? {} : { getColor: colors as [number, number, number, number] }),
    ...(sizePerLink ? {} : { getSize: size }),
    // deck.gl makes a texture of any image-like value; its type names only URLs and textures.
    iconAtlas: arrowImage() as unknown as IconLayerProps['iconAtlas'],
    iconMapping: ICON_MAPPING,
    getIcon: () => 'arrow',
    sizeUnits,
    sizeMinPixels: ARROW_MIN_PX,
    sizeMaxPixels: ARROW_MAX_PX,
    billboard: true,
  });
}
