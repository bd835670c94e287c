import { describe, expect, it } from 'vitest';
import { legendFontSize } from './color-scale.ts';
import { PREVIEW_BACKGROUND, renderNetworkPreview } from './network-preview.ts';
import { decode, networkXml, PNG_SIGNATURE, pngSize, type TestLink, type TestNode } from './testing.ts';

const EQUIL = new URL('../../../../../shared/data/equil/network.xml', import.meta.url).pathname;

describe('renderNetworkPreview', () => {
  it('draws equil as an 800 × 500 PNG by default', async () => {
    const png = await renderNetworkPreview(EQUIL);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(png)).toEqual({ width: 800, height: 500 });
    const pixels = await decode(png);
    expect(pixels.at(0, 0)).toBe(PREVIEW_BACKGROUND);
    expect(pixels.countNot(PREVIEW_BACKGROUND)).toBeGreaterThan(2000);
  });

  it('honours the size and colours by capacity and free speed, with a legend', async () => {
    for (const colorBy of ['capacity', 'freespeed'] as const) {
      const png = await renderNetworkPreview(EQUIL, { width: 640, height: 480, colorBy });
      expect(pngSize(png)).toEqual({ width: 640, height: 480 });
      const pixels = await decode(png);
      // Class colours, legend panel and text: many more colours than grey lines on a background.
      expect(pixels.distinct()).toBeGreaterThan(50);
    }
    // The legend panel sits in the bottom-left corner, inside the margin the network keeps free.
    const legend = await decode(await renderNetworkPreview(EQUIL, { colorBy: 'capacity' }));
    expect(legend.at(20, 480)).not.toBe(PREVIEW_BACKGROUND);
    const thumbnail = await decode(await renderNetworkPreview(EQUIL, { width: 200, height: 125, colorBy: 'capacity' }));
    expect(thumbnail.at(2, 122)).toBe(PREVIEW_BACKGROUND);
    // equil's two long links have 36,000 veh/h: the top class's red.
    const capacity = await decode(await renderNetworkPreview(EQUIL, { colorBy: 'capacity' }));
    expect(capacity.countNot('#c0262d')).toBeLessThan(800 * 500 - 500);
  });

  it('draws the legend large enough to read when the image is shown scaled down (issue 25)', async () => {
    // The network view shows the 1200 × 900 images in a figure about a third of the page wide.
    expect(legendFontSize(1200, 900)).toBe(33);
    expect(legendFontSize(800, 500)).toBe(19);
    expect(legendFontSize(240, 240)).toBe(10);
    expect(legendFontSize(4000, 4000)).toBe(48);
    // The panel of a 1200 × 900 preview reaches well above the bottom quarter (it was ~14 px text before).
    const pixels = await decode(await renderNetworkPreview(EQUIL, { width: 1200, height: 900, colorBy: 'capacity' }));
    expect(pixels.at(30, 900 - 200)).not.toBe(PREVIEW_BACKGROUND);
  });

  it('draws with y up: a link going north-east runs from the bottom left to the top right', async () => {
    const nodes: TestNode[] = [
      { id: 'a', x: 0, y: 0 },
      { id: 'b', x: 1000, y: 1000 },
    ];
    const input = networkXml(nodes, [{ id: 'l', from: 'a', to: 'b' }]);
    const pixels = await decode(await renderNetworkPreview(input, { width: 200, height: 200 }));
    const quadrant = (right: boolean, bottom: boolean) =>
      pixels.countNot(PREVIEW_BACKGROUND, { x0: right ? 110 : 0, x1: right ? 200 : 90, y0: bottom ? 110 : 0, y1: bottom ? 200 : 90 });
    expect(quadrant(false, true)).toBeGreaterThan(50);
    expect(quadrant(true, false)).toBeGreaterThan(50);
    expect(quadrant(false, false)).toBe(0);
    expect(quadrant(true, true)).toBe(0);
  });

  it('draws a single node as a dot and an empty network as a plain background', async () => {
    const single = await decode(await renderNetworkPreview(networkXml([{ id: 'n', x: 5, y: 7 }], [])));
    expect(single.at(400, 250)).not.toBe(PREVIEW_BACKGROUND);
    expect(single.countNot(PREVIEW_BACKGROUND)).toBeLessThan(200);

    const emptyPng = await renderNetworkPreview(networkXml([], []), { colorBy: 'capacity' });
    expect(emptyPng.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect((await decode(emptyPng)).distinct()).toBe(1);
  });

  it('renders 1,000 links quickly', async () => {
    const nodes: TestNode[] = [];
    const links: TestLink[] = [];
    for (let i = 0; i < 1001; i++) nodes.push({ id: `n${i}`, x: (i % 40) * 100, y: Math.floor(i / 40) * 100 + (i % 7) * 13 });
    for (let i = 0; i < 1000; i++) {
      links.push({ id: `l${i}`, from: `n${i}`, to: `n${(i * 37 + 11) % 1001}`, capacity: 300 + (i % 10) * 700 });
    }
    const input = networkXml(nodes, links);
    const started = performance.now();
    const png = await renderNetworkPreview(input, { colorBy: 'capacity' });
    const elapsed = performance.now() - started;
    expect(pngSize(png)).toEqual({ width: 800, height: 500 });
    expect(elapsed).toBeLessThan(1500);
  });

  it('skips links to unknown nodes instead of failing', async () => {
    const input = networkXml([{ id: 'a', x: 0, y: 0 }, { id: 'b', x: 10, y: 0 }], [
      { id: 'ok', from: 'a', to: 'b' },
      { id: 'dangling', from: 'a', to: 'nowhere' },
    ]);
    const pixels = await decode(await renderNetworkPreview(input, { width: 100, height: 100 }));
    expect(pixels.countNot(PREVIEW_BACKGROUND)).toBeGreaterThan(0);
  });

  it('refuses image sizes that make no image', async () => {
    await expect(renderNetworkPreview(EQUIL, { width: 0 })).rejects.toThrow(RangeError);
    await expect(renderNetworkPreview(EQUIL, { height: 10.5 })).rejects.toThrow(RangeError);
  });
});
