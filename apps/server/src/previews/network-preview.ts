/**
 * Network preview images (PNG) for the scenario list and the file view: the links of a network file drawn in its
 * own projected CRS, fitted into the image. Network post-processing calls it once per network file; it streams the
 * file, so a large network costs one pass and flat arrays.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Input } from '@corridor/matsim';
import { COLOR_SCALES, drawLegend, legendLayout, type ColorBy, type ColorScale } from './color-scale.ts';
import { fitFrame, type Frame } from './frame.ts';
import { readGeometry, type NetworkGeometry } from './geometry.ts';

export type { ColorBy } from './color-scale.ts';

export interface NetworkPreviewOptions {
  /** Pixels; default 800 × 500, the scenario list's thumbnail. */
  width?: number;
  height?: number;
  /** Default 'none': thin grey lines. */
  colorBy?: ColorBy;
  /** Decompressed bytes to read at most (`InputOptions.maxBytes`); default: no bound. */
  maxBytes?: number;
}

export const PREVIEW_WIDTH = 800;
export const PREVIEW_HEIGHT = 500;
export const PREVIEW_BACKGROUND = '#eef0f2';
const PLAIN_LINK = '#6c757d';
const NODE = '#495057';
const LEGEND_MIN_SIZE = 240;
/** Segments per stroked path: one path per class is fastest, but a path of millions of segments is a memory spike. */
const SEGMENTS_PER_PATH = 50_000;

export async function renderNetworkPreview(input: Input, options: NetworkPreviewOptions = {}): Promise<Buffer> {
  const width = imageSize(options.width ?? PREVIEW_WIDTH, 'width');
  const height = imageSize(options.height ?? PREVIEW_HEIGHT, 'height');
  const colorBy = options.colorBy ?? 'none';
  const scale = colorBy === 'none' ? undefined : COLOR_SCALES[colorBy];
  const geometry = await readGeometry(input, scale?.value ?? (() => 0), { maxBytes: options.maxBytes });

  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PREVIEW_BACKGROUND;
  ctx.fillRect(0, 0, width, height);
  if (geometry.bounds) {
    const margin = Math.max(8, Math.round(Math.min(width, height) * 0.05));
    const area = { left: margin, top: margin, right: width - margin, bottom: height - margin };
    // On a small image a legend would take the room of the network it explains.
    const showLegend = scale !== undefined && geometry.from.length > 0 && Math.min(width, height) >= LEGEND_MIN_SIZE;
    const legend = showLegend ? legendLayout(ctx, scale, width, height) : undefined;
    // The network keeps clear of the legend's column when the image is wide enough to spare it.
    if (legend && width - legend.width > height) area.left = Math.max(margin, legend.left + legend.width + legend.pad);
    const frame = fitFrame(geometry.bounds, area);
    const base = lineWidth(geometry, frame, width, height);
    if (geometry.from.length === 0) drawNodes(ctx, geometry, frame, Math.max(1, base));
    else if (scale) drawClasses(ctx, geometry, frame, base, scale);
    else drawLinks(ctx, geometry, frame, allLinks(geometry), PLAIN_LINK, base);
    if (scale && legend) drawLegend(ctx, scale, legend);
  }
  return canvas.encode('png');
}

function imageSize(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1 || value > 8192) {
    throw new RangeError(`Preview ${name} must be an integer from 1 to 8192, got ${value}.`);
  }
  return value;
}

/**
 * The base line width: a little bolder on large images, thinner where links are only a few pixels long on
 * average, so a dense city centre stays a network instead of a blot.
 */
function lineWidth(geometry: NetworkGeometry, frame: Frame, width: number, height: number): number {
  const size = Math.max(0.75, Math.min(width, height) / 500);
  const { xs, ys, from, to } = geometry;
  // A sample is enough for an average, and keeps a million-link network from paying twice.
  const step = Math.max(1, Math.floor(from.length / 10_000));
  let total = 0;
  let count = 0;
  for (let i = 0; i < from.length; i += step) {
    total += Math.hypot(xs[to[i]!]! - xs[from[i]!]!, ys[to[i]!]! - ys[from[i]!]!) * frame.scale;
    count++;
  }
  const meanPixels = count === 0 ? Infinity : total / count;
  return size * Math.min(1, Math.max(0.4, meanPixels / 8));
}

function allLinks(geometry: NetworkGeometry): number[] {
  return geometry.from.map((_, i) => i);
}

/** Lower classes first, so the major roads are drawn on top. */
function drawClasses(ctx: SKRSContext2D, geometry: NetworkGeometry, frame: Frame, base: number, scale: ColorScale): void {
  const members: number[][] = scale.classes.map(() => []);
  geometry.values.forEach((value, link) => members[scale.classOf(value)]!.push(link));
  scale.classes.forEach((c, i) => drawLinks(ctx, geometry, frame, members[i]!, c.color, base * c.weight));
}

function drawLinks(
  ctx: SKRSContext2D,
  geometry: NetworkGeometry,
  frame: Frame,
  links: number[],
  color: string,
  lineWidth: number,
): void {
  const { xs, ys, from, to } = geometry;
  ctx.strokeStyle = color;
  ctx.lineWidth = lineWidth;
  ctx.lineCap = 'round';
  for (let start = 0; start < links.length; start += SEGMENTS_PER_PATH) {
    ctx.beginPath();
    for (const link of links.slice(start, start + SEGMENTS_PER_PATH)) {
      const a = from[link]!;
      const b = to[link]!;
      ctx.moveTo(frame.x(xs[a]!), frame.y(ys[a]!));
      ctx.lineTo(frame.x(xs[b]!), frame.y(ys[b]!));
    }
    ctx.stroke();
  }
}

/** Without links, the nodes are all there is to show (a network being built, a single node). */
function drawNodes(ctx: SKRSContext2D, geometry: NetworkGeometry, frame: Frame, base: number): void {
  ctx.fillStyle = NODE;
  const radius = 2.5 * base;
  ctx.beginPath();
  geometry.xs.forEach((x, i) => {
    const px = frame.x(x);
    const py = frame.y(geometry.ys[i]!);
    ctx.moveTo(px + radius, py);
    ctx.arc(px, py, radius, 0, 2 * Math.PI);
  });
  ctx.fill();
}
