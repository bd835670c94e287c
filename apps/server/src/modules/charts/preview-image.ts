/**
 * The chart editor sends a picture of the chart as a data URL (spec 3 §9: 500×350, jpeg). The server never keeps
 * those bytes as they came: it checks they are a PNG or JPEG of sane dimensions (read from the header before any
 * decoding, so a small file cannot unpack into gigabytes), decodes them with @napi-rs/canvas and writes its own
 * 500×350 preview and 200×150 thumbnail, both jpeg.
 */
import { CHART_LIMITS } from '@corridor/contract';
import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import { badRequest } from '../../shared/errors.ts';

/** A browser on a high-density screen takes the 500×350 picture at 2–3× that; more than this is not a preview. */
export const PREVIEW_MAX_SIDE = 4096;
export const PREVIEW_NOT_AN_IMAGE = 'The preview image is not a valid JPEG or PNG image.';
export const PREVIEW_TOO_LARGE = `The preview image may be at most ${PREVIEW_MAX_SIDE}×${PREVIEW_MAX_SIDE} pixels.`;
const JPEG_QUALITY = 85;

export interface ChartImages {
  preview: Buffer;
  thumbnail: Buffer;
}

/** The preview and thumbnail for a data URL; 400 with a clear message when it is not a usable image. */
export async function chartImages(dataUrl: string): Promise<ChartImages> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const size = declaredSize(bytes);
  if (!size || size.width === 0 || size.height === 0) throw badRequest(PREVIEW_NOT_AN_IMAGE);
  if (size.width > PREVIEW_MAX_SIDE || size.height > PREVIEW_MAX_SIDE) throw badRequest(PREVIEW_TOO_LARGE);
  if (!complete(bytes)) throw badRequest(PREVIEW_NOT_AN_IMAGE);
  let image: Image;
  try {
    image = await loadImage(bytes);
  } catch {
    throw badRequest(PREVIEW_NOT_AN_IMAGE);
  }
  if (image.width !== size.width || image.height !== size.height) throw badRequest(PREVIEW_NOT_AN_IMAGE);
  return {
    preview: await fitted(image, CHART_LIMITS.preview),
    thumbnail: await fitted(image, CHART_LIMITS.thumbnail),
  };
}

/** The image scaled to fit the box, centred on white (jpeg has no transparency; charts are drawn on white). */
async function fitted(image: Image, box: { width: number; height: number }): Promise<Buffer> {
  const canvas = createCanvas(box.width, box.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, box.width, box.height);
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, (box.width - width) / 2, (box.height - height) / 2, width, height);
  return canvas.encode('jpeg', JPEG_QUALITY);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_END = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/**
 * Whether the file is whole: a PNG ends with its IEND chunk, a JPEG with the end-of-image marker. The decoder
 * accepts a cut-off file and draws what it has, so a preview cut short would otherwise be kept half blank.
 */
function complete(bytes: Buffer): boolean {
  if (bytes[0] === 0x89) return bytes.subarray(-PNG_END.length).equals(PNG_END);
  return bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
}

/** Width and height as the PNG or JPEG header declares them; null for anything else. */
export function declaredSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  return null;
}

/** Walks the JPEG segments to the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}
