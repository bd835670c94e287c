/** The preview image of a saved chart: ECharts' jpeg of the drawn preview, scaled to 500×350 (spec 3 §9). */
import { CHART_LIMITS } from '@corridor/contract';
import type { ChartImageSource } from '../types.ts';

export async function previewImage(source: ChartImageSource | null, dark: boolean): Promise<string | null> {
  if (!source) return null;
  const background = dark ? '#1a1b1e' : '#ffffff';
  const url = source.getDataURL({ type: 'jpeg', pixelRatio: 1, backgroundColor: background });
  const image = new Image();
  image.src = url;
  await image.decode();
  const { width, height } = CHART_LIMITS.preview;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return url;
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  // Fit the whole chart (letterboxed) so nothing is cut off.
  const scale = Math.min(width / image.width, height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  ctx.drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
  return canvas.toDataURL('image/jpeg', 0.85);
}
