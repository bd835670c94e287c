/**
 * "Download PNG": the base map's canvas and deck.gl's canvas above it (both keep their pixels after drawing)
 * painted onto one 2D canvas, with a legend panel to the right — the data sources (run names), the time shown and
 * each visible layer's colour legend — saved as a file.
 */
import type { Legend, LegendItem } from '../style/legend.ts';
import { schemeSamples } from '../style/schemes.ts';

/** A layer's block in the legend panel. */
export interface LegendBlock {
  title: string;
  /** What the colour follows (null: a fixed colour). */
  attribute: string | null;
  legend: Legend;
}

/** The words the panel draws, in the UI language. */
export interface LegendWords {
  fixed: string;
  noValue: string;
  noData: string;
  below: (value: string) => string;
  above: (value: string) => string;
  more: (count: number) => string;
  quantiles: (min: string, max: string) => string;
  formatNumber: (value: number) => string;
}

export interface PngCaption {
  /** One line per data source: 'Data Source 1 – run name'. */
  sources: string[];
  /** 'Time 08:05:00'. */
  time: string;
  blocks: LegendBlock[];
  words: LegendWords;
}

/** The panel's width in CSS pixels (times the canvas's pixel ratio). */
export const LEGEND_PANEL_CSS_WIDTH = 260;

const PANEL_BACKGROUND = '#ffffff';
const TEXT = '#1a1a1a';
const DIMMED = '#555555';
const BORDER = '#c8c8c8';

function itemLabel(item: LegendItem, words: LegendWords): string {
  const number = words.formatNumber;
  switch (item.kind) {
    case 'range':
      return `${number(item.from)} – ${number(item.to)}`;
    case 'below':
      return words.below(number(item.value));
    case 'above':
      return words.above(number(item.value));
    case 'noValue':
      return words.noValue;
    case 'category':
      return item.name;
  }
}

/** Words laid into lines of at most `width` pixels (a word longer than a line is cut later); at most `max` lines. */
export function wrapLines(measure: (text: string) => number, text: string, width: number, max = 3): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), lines.slice(max - 1).join(' ')];
}

/** Text cut to `width` pixels with an ellipsis. */
function fit(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * Lays the panel out from `top` at `left` (`scale`: device pixels per CSS pixel) and draws it unless `draw` is
 * false; answers the height it takes.
 */
export function layoutLegendPanel(context: CanvasRenderingContext2D, caption: PngCaption, left: number, width: number, scale: number, draw: boolean): number {
  const pad = 14 * scale;
  const inner = width - 2 * pad;
  const font = (size: number, bold = false) => `${bold ? 'bold ' : ''}${size * scale}px sans-serif`;
  let y = pad;
  const text = (value: string, size: number, options: { bold?: boolean; color?: string; x?: number; align?: CanvasTextAlign; room?: number } = {}) => {
    context.font = font(size, options.bold);
    if (draw) {
      context.fillStyle = options.color ?? TEXT;
      context.textAlign = options.align ?? 'left';
      context.textBaseline = 'top';
      context.fillText(fit(context, value, options.room ?? inner), options.x ?? left + pad, y);
    }
  };
  /** A text over as many lines as it needs (up to 3), moving down by `step` per line. */
  const paragraph = (value: string, size: number, step: number, options: { bold?: boolean; color?: string } = {}) => {
    context.font = font(size, options.bold);
    for (const line of wrapLines((part) => context.measureText(part).width, value, inner)) {
      text(line, size, options);
      y += step * scale;
    }
  };
  const swatch = (color: string, x: number, w: number, h: number) => {
    if (!draw) return;
    context.fillStyle = color;
    context.fillRect(x, y, w, h);
    context.strokeStyle = BORDER;
    context.lineWidth = Math.max(1, scale / 2);
    context.strokeRect(x, y, w, h);
  };
  const ramp = (legend: { scheme: Parameters<typeof schemeSamples>[0]; opacity: number }) => {
    const steps = Math.max(2, Math.round(inner));
    const samples = schemeSamples(legend.scheme, steps);
    if (draw) {
      for (let i = 0; i < steps; i++) {
        context.fillStyle = `rgba(${samples[i * 4]}, ${samples[i * 4 + 1]}, ${samples[i * 4 + 2]}, ${legend.opacity / 255})`;
        context.fillRect(left + pad + i, y, 1.5, 12 * scale);
      }
    }
    y += 15 * scale;
  };
  const { words } = caption;
  const number = words.formatNumber;

  for (const source of caption.sources) paragraph(source, 14, 19, { bold: true });
  text(caption.time, 13);
  y += 18 * scale;

  for (const block of caption.blocks) {
    y += 10 * scale;
    paragraph(block.title, 13, 17, { bold: true });
    if (block.attribute) paragraph(block.attribute, 12, 16, { color: DIMMED });
    const { legend } = block;
    switch (legend.kind) {
      case 'fixed':
        swatch(legend.color, left + pad, 28 * scale, 10 * scale);
        text(words.fixed, 12, { x: left + pad + 36 * scale, room: inner - 36 * scale });
        y += 16 * scale;
        break;
      case 'noData':
        text(words.noData, 12, { color: DIMMED });
        y += 16 * scale;
        break;
      case 'ramp':
        ramp(legend);
        text(number(legend.min), 12);
        if (legend.centered) text(number(0), 12, { x: left + pad + inner / 2, align: 'center' });
        text(number(legend.max), 12, { x: left + pad + inner, align: 'right' });
        y += 16 * scale;
        break;
      case 'quantile':
        ramp(legend);
        text(words.quantiles(number(legend.min), number(legend.max)), 12);
        y += 16 * scale;
        break;
      case 'items':
        for (const item of legend.items) {
          swatch(item.color, left + pad, 18 * scale, 10 * scale);
          const label = itemLabel(item, words);
          text(label, 12, { x: left + pad + 26 * scale, room: inner - 26 * scale });
          y += 15 * scale;
        }
        if (legend.more > 0) {
          text(words.more(legend.more), 12, { color: DIMMED });
          y += 15 * scale;
        }
        break;
    }
  }
  return y + pad;
}

/** The map's canvases with the legend panel to the right, as one canvas (null when the map has no pixels yet). */
export function composeImage(canvases: readonly (HTMLCanvasElement | null | undefined)[], caption: PngCaption | null): HTMLCanvasElement | null {
  const present = canvases.filter((canvas): canvas is HTMLCanvasElement => !!canvas && canvas.width > 0);
  const first = present[0];
  if (!first) return null;
  const scale = first.clientWidth > 0 ? first.width / first.clientWidth : window.devicePixelRatio || 1;
  const panel = caption ? Math.round(LEGEND_PANEL_CSS_WIDTH * scale) : 0;
  const out = document.createElement('canvas');
  const context = out.getContext('2d');
  if (!context) return null;
  const height = caption ? Math.max(first.height, Math.ceil(layoutLegendPanel(context, caption, first.width, panel, scale, false))) : first.height;
  out.width = first.width + panel;
  out.height = height;
  context.fillStyle = PANEL_BACKGROUND;
  context.fillRect(0, 0, out.width, out.height);
  for (const canvas of present) context.drawImage(canvas, 0, 0, first.width, first.height);
  if (caption) {
    context.fillStyle = BORDER;
    context.fillRect(first.width, 0, Math.max(1, scale), out.height);
    layoutLegendPanel(context, caption, first.width, panel, scale, true);
  }
  return out;
}

export async function downloadPng(canvases: readonly (HTMLCanvasElement | null | undefined)[], fileName: string, caption: PngCaption | null = null): Promise<void> {
  const out = composeImage(canvases, caption);
  if (!out) return;
  const blob = await new Promise<Blob | null>((resolve) => out.toBlob(resolve, 'image/png'));
  if (!blob) return;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
