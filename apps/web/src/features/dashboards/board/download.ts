import type { ChartImageSource } from '../chart/index.ts';

/** The file name of a chart's download: its name made safe for file systems, or 'chart'. */
export function pngFileName(name: string): string {
  const safe = name.trim().replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').slice(0, 100);
  return `${safe || 'chart'}.png`;
}

/**
 * Download PNG (spec 3 §2.2): the drawn chart as a png file, on the page's background colour (a chart drawn in the
 * dark theme has light text, so a transparent or white background would hide it).
 */
export function downloadPng(chart: ChartImageSource, name: string): void {
  const backgroundColor = getComputedStyle(document.body).backgroundColor || '#ffffff';
  const url = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor });
  const link = document.createElement('a');
  link.href = url;
  link.download = pngFileName(name);
  document.body.append(link);
  link.click();
  link.remove();
}
