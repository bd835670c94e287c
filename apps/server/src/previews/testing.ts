/** Test helpers: decode a PNG to look at its pixels, and write small networks as XML. */
import { createCanvas, loadImage } from '@napi-rs/canvas';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the PNG header (IHDR is always the first chunk). */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export interface Pixels {
  width: number;
  height: number;
  /** `#rrggbb` of the pixel at (x, y), y down as in the image. */
  at(x: number, y: number): string;
  /** How many pixels differ from the given colour, in the whole image or in [x0, x1) × [y0, y1). */
  countNot(color: string, region?: { x0: number; y0: number; x1: number; y1: number }): number;
  distinct(): number;
}

export async function decode(png: Buffer): Promise<Pixels> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data, width, height } = ctx.getImageData(0, 0, image.width, image.height);
  const hex = (i: number) => `#${[data[i]!, data[i + 1]!, data[i + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  const all = () => Array.from({ length: width * height }, (_, p) => hex(p * 4));
  return {
    width,
    height,
    at: (x, y) => hex((y * width + x) * 4),
    countNot: (color, region = { x0: 0, y0: 0, x1: width, y1: height }) => {
      let count = 0;
      for (let y = region.y0; y < region.y1; y++) {
        for (let x = region.x0; x < region.x1; x++) if (hex((y * width + x) * 4) !== color) count++;
      }
      return count;
    },
    distinct: () => new Set(all()).size,
  };
}

export interface TestNode {
  id: string;
  x: number;
  y: number;
}

export interface TestLink {
  id: string;
  from: string;
  to: string;
  capacity?: number;
  freespeed?: number;
}

export function networkXml(nodes: TestNode[], links: TestLink[]): Buffer {
  const nodeXml = nodes.map((n) => `<node id="${n.id}" x="${n.x}" y="${n.y}"/>`).join('\n');
  const linkXml = links
    .map(
      (l) =>
        `<link id="${l.id}" from="${l.from}" to="${l.to}" length="100" freespeed="${l.freespeed ?? 13.9}" ` +
        `capacity="${l.capacity ?? 1000}" permlanes="1" modes="car"/>`,
    )
    .join('\n');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE network SYSTEM "http://www.matsim.org/files/dtd/network_v2.dtd">\n` +
      `<network>\n<nodes>\n${nodeXml}\n</nodes>\n<links capperiod="01:00:00">\n${linkXml}\n</links>\n</network>\n`,
  );
}
