/**
 * The preview of a scenario without a network: a neutral image with a simple road drawn in perspective, so the
 * scenario list keeps one look instead of showing a broken image.
 */
import { createCanvas } from '@napi-rs/canvas';
import { PREVIEW_BACKGROUND, PREVIEW_HEIGHT, PREVIEW_WIDTH } from './network-preview.ts';

const ROAD = '#ced4da';
const MARKING = '#f8f9fa';
const EDGE = '#adb5bd';

export function renderPlaceholderPreview(width = PREVIEW_WIDTH, height = PREVIEW_HEIGHT): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > 8192 || height > 8192) {
    throw new RangeError(`Placeholder size must be integers from 1 to 8192, got ${width} × ${height}.`);
  }
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PREVIEW_BACKGROUND;
  ctx.fillRect(0, 0, width, height);

  // The icon fills about 40 % of the shorter side, centred.
  const size = Math.min(width, height) * 0.4;
  const cx = width / 2;
  const top = height / 2 - size / 2;
  const bottom = height / 2 + size / 2;
  const near = size * 0.5;
  const far = size * 0.12;

  ctx.fillStyle = ROAD;
  ctx.beginPath();
  ctx.moveTo(cx - far, top);
  ctx.lineTo(cx + far, top);
  ctx.lineTo(cx + near, bottom);
  ctx.lineTo(cx - near, bottom);
  ctx.closePath();
  ctx.fill();

  ctx.strokeStyle = EDGE;
  ctx.lineWidth = Math.max(1, size / 40);
  ctx.lineJoin = 'round';
  ctx.stroke();

  // Centre dashes, getting longer and wider towards the viewer.
  ctx.fillStyle = MARKING;
  const dashes = 4;
  for (let i = 0; i < dashes; i++) {
    const t0 = (i + 0.25) / dashes;
    const t1 = (i + 0.7) / dashes;
    const y0 = top + (bottom - top) * t0;
    const y1 = top + (bottom - top) * t1;
    const w0 = size * (0.01 + 0.03 * t0);
    const w1 = size * (0.01 + 0.03 * t1);
    ctx.beginPath();
    ctx.moveTo(cx - w0, y0);
    ctx.lineTo(cx + w0, y0);
    ctx.lineTo(cx + w1, y1);
    ctx.lineTo(cx - w1, y1);
    ctx.closePath();
    ctx.fill();
  }
  return canvas.encodeSync('png');
}
