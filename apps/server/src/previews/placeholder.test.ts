import { describe, expect, it } from 'vitest';
import { PREVIEW_BACKGROUND } from './network-preview.ts';
import { renderPlaceholderPreview } from './placeholder.ts';
import { decode, PNG_SIGNATURE, pngSize } from './testing.ts';

describe('renderPlaceholderPreview', () => {
  it('is an 800 × 500 PNG by default, with a road in the middle of a neutral background', async () => {
    const png = renderPlaceholderPreview();
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(png)).toEqual({ width: 800, height: 500 });
    const pixels = await decode(png);
    expect(pixels.at(0, 0)).toBe(PREVIEW_BACKGROUND);
    expect(pixels.at(400, 340)).not.toBe(PREVIEW_BACKGROUND);
    expect(pixels.distinct()).toBeGreaterThan(3);
  });

  it('takes other sizes', () => {
    expect(pngSize(renderPlaceholderPreview(320, 200))).toEqual({ width: 320, height: 200 });
    expect(() => renderPlaceholderPreview(0, 10)).toThrow(RangeError);
  });
});
