/**
 * Fixed classes for colouring links, the same in every scenario, so two thumbnails can be compared at a glance and
 * the legend reads as road classes: capacity in vehicles per hour, free speed in km/h.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { LinkValue } from './geometry.ts';

export type ColorBy = 'none' | 'capacity' | 'freespeed';

export interface ColorClass {
  label: string;
  color: string;
  /** Line width relative to the base width: faster, bigger roads are drawn bolder. */
  weight: number;
}

export interface ColorScale {
  title: string;
  value: LinkValue;
  classes: ColorClass[];
  /** Index into `classes`. */
  classOf(value: number): number;
}

const COLORS = ['#8fa3b8', '#3b8fc4', '#e0a526', '#e8702a', '#c0262d'];
const WEIGHTS = [1, 1.25, 1.6, 2, 2.5];

/** Classes with upper bounds `limits` (inclusive) and one above the last. */
function classes(limits: readonly number[]): ColorClass[] {
  const format = (value: number) => value.toLocaleString('en-US');
  const labels = [...limits.map((limit) => `≤ ${format(limit)}`), `> ${format(limits[limits.length - 1]!)}`];
  return labels.map((label, i) => ({ label, color: COLORS[i]!, weight: WEIGHTS[i]! }));
}

function classOf(limits: readonly number[]) {
  return (value: number) => {
    const i = limits.findIndex((limit) => value <= limit);
    return i === -1 ? limits.length : i;
  };
}

const CAPACITY_LIMITS = [600, 1200, 2400, 4800];
const SPEED_LIMITS = [30, 50, 70, 100];

export const COLOR_SCALES: Record<Exclude<ColorBy, 'none'>, ColorScale> = {
  capacity: {
    title: 'Capacity (veh/h)',
    value: (link, capperiod) => (link.capacity * 3600) / capperiod,
    classes: classes(CAPACITY_LIMITS),
    classOf: classOf(CAPACITY_LIMITS),
  },
  freespeed: {
    title: 'Free speed (km/h)',
    // Rounded: 13.9 m/s is meant as 50 km/h (50.04), and belongs with it.
    value: (link) => Math.round(link.freespeed * 3.6),
    classes: classes(SPEED_LIMITS),
    classOf: classOf(SPEED_LIMITS),
  },
};

export interface LegendLayout {
  font: number;
  line: number;
  swatch: number;
  pad: number;
  /** The panel, bottom-left. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The legend's font size in image pixels. The previews are shown scaled down to about a third of a page's width
 * (a 1200 px image in a 400 px figure), so the text grows with the image: about 1/36 of its width (of a 4:3 width
 * for tall images), which reads as ~11 px on screen; never below 10 px, at most 48 px.
 */
export function legendFontSize(width: number, height: number): number {
  return Math.max(10, Math.min(48, Math.round(Math.min(width, (height * 4) / 3) / 36)));
}

/** Where the legend goes: the caller keeps the network clear of it. */
export function legendLayout(ctx: SKRSContext2D, scale: ColorScale, width: number, height: number): LegendLayout {
  const font = legendFontSize(width, height);
  const line = Math.round(font * 1.45);
  const swatch = font * 1.6;
  const pad = Math.round(font * 0.7);
  ctx.font = `${font}px sans-serif`;
  const textWidth = Math.max(
    ctx.measureText(scale.title).width,
    ...scale.classes.map((c) => swatch + pad + ctx.measureText(c.label).width),
  );
  const boxWidth = Math.ceil(textWidth + 2 * pad);
  const boxHeight = line * (scale.classes.length + 1) + pad;
  return { font, line, swatch, pad, left: pad, top: height - pad - boxHeight, width: boxWidth, height: boxHeight };
}

/** A small legend on a translucent panel, in case a network still reaches under it. */
export function drawLegend(ctx: SKRSContext2D, scale: ColorScale, layout: LegendLayout): void {
  const { font, line, swatch, pad, left, top, width: boxWidth, height: boxHeight } = layout;
  ctx.font = `${font}px sans-serif`;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.15)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.roundRect(left + 0.5, top + 0.5, boxWidth, boxHeight, Math.round(font / 3));
  ctx.fill();
  ctx.stroke();
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#343a40';
  ctx.fillText(scale.title, left + pad, top + pad / 2 + line / 2);
  // Highest class first, as a map legend reads from the major roads down.
  [...scale.classes].reverse().forEach((c, i) => {
    const y = top + pad / 2 + line * (i + 1.5);
    ctx.strokeStyle = c.color;
    ctx.lineWidth = Math.max(2, font / 5) * c.weight;
    ctx.beginPath();
    ctx.moveTo(left + pad, y);
    ctx.lineTo(left + pad + swatch, y);
    ctx.stroke();
    ctx.fillStyle = '#343a40';
    ctx.fillText(c.label, left + 2 * pad + swatch, y);
  });
}
