import { networkGraph } from '@corridor/changesets';
import { describe, expect, it } from 'vitest';
import { closesRing, nearestOnSegment, pointInPolygon, selectionInPolygon, SNAP_RADIUS_PX, snapNode } from './geometry.ts';
import { closes } from './lasso.ts';
import { chainPoint, chainStep } from './addLink.ts';

const square = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
] as const;

describe('lasso closing distance', () => {
  const perPixel = 0.001;

  it('closes within 20 pixels of the first point, scaled by the zoom', () => {
    expect(closesRing([8, 0], [8, 0.019], perPixel)).toBe(true);
    expect(closesRing([8, 0], [8, 0.021], perPixel)).toBe(false);
    // Zoomed in ten times: the same ground distance is now 190 pixels away.
    expect(closesRing([8, 0], [8, 0.019], perPixel / 10)).toBe(false);
  });

  it('counts longitude at its ground length (cos latitude), so 20 pixels are 20 pixels in every direction', () => {
    // At 60° N one degree of longitude is half a degree of latitude on the ground and on a Mercator screen.
    expect(closesRing([8, 60], [8.038, 60], perPixel)).toBe(true);
    expect(closesRing([8, 60], [8.042, 60], perPixel)).toBe(false);
  });

  it('needs three corners before a click near the first one closes the ring', () => {
    expect(closes([[0, 0]], [0, 0], perPixel)).toBe(false);
    expect(
      closes(
        [
          [0, 0],
          [1, 0],
        ],
        [0, 0],
        perPixel,
      ),
    ).toBe(false);
    expect(closes(square, [0.005, 0.005], perPixel)).toBe(true);
  });
});

describe('point in polygon', () => {
  it('tells inside from outside, also for a concave ring', () => {
    expect(pointInPolygon([0.5, 0.5], square)).toBe(true);
    expect(pointInPolygon([1.5, 0.5], square)).toBe(false);
    const u = [
      [0, 0],
      [3, 0],
      [3, 3],
      [2, 3],
      [2, 1],
      [1, 1],
      [1, 3],
      [0, 3],
    ] as const;
    expect(pointInPolygon([1.5, 2], u)).toBe(false);
    expect(pointInPolygon([0.5, 2], u)).toBe(true);
  });

  it('selects the nodes inside and the links with both ends inside', () => {
    const network = networkGraph(
      [
        { id: 'a', lng: 0.2, lat: 0.2 },
        { id: 'b', lng: 0.8, lat: 0.8 },
        { id: 'c', lng: 2, lat: 2 },
      ],
      [
        { id: 'ab', fromId: 'a', toId: 'b', length: 1, capacity: 1, lanes: 1, freespeed: 1, modes: ['car'] },
        { id: 'ba', fromId: 'b', toId: 'a', length: 1, capacity: 1, lanes: 1, freespeed: 1, modes: ['car'] },
        { id: 'bc', fromId: 'b', toId: 'c', length: 1, capacity: 1, lanes: 1, freespeed: 1, modes: ['car'] },
      ],
    );
    expect(selectionInPolygon(network, square)).toEqual({ links: ['ab', 'ba'], nodes: ['a', 'b'] });
  });
});

describe('nearest point on a segment', () => {
  it('projects onto the segment and stays within its ends', () => {
    expect(nearestOnSegment([0, 0], [2, 0], [1, 0.5])).toEqual([1, 0]);
    expect(nearestOnSegment([0, 0], [2, 0], [3, 1])).toEqual([2, 0]);
  });
});

describe('Add Link snapping (issue 25)', () => {
  const network = networkGraph(
    [
      { id: 'crossing', lng: 13.4, lat: 52.5 },
      { id: 'near', lng: 13.4, lat: 52.5003 },
    ],
    [],
  );
  const perPixel = 1e-5; // about a metre per pixel

  it('joins the nearest loaded node within the fixed pixel radius, at any zoom', () => {
    expect(SNAP_RADIUS_PX).toBe(12);
    expect(snapNode(network, [13.4, 52.50005], perPixel)).toBe('crossing');
    expect(snapNode(network, [13.4, 52.5002], perPixel)).toBe('near');
    expect(snapNode(network, [13.4, 52.5 - 11 * perPixel], perPixel)).toBe('crossing');
    expect(snapNode(network, [13.4, 52.5 - 13 * perPixel], perPixel)).toBeUndefined();
    // Zoomed out 100 times (the starting zoom): the same 12 pixels reach 100 times farther on the ground.
    expect(snapNode(network, [13.4, 52.5 - 0.001], perPixel * 100)).toBe('crossing');
  });

  it('puts both ends of a new link on existing nodes, with no node picked by the map (nodes not drawn)', () => {
    const start = chainPoint(network, { lngLat: [13.40001, 52.49999], degreesPerPixel: perPixel * 100 });
    expect(start).toEqual({ nodeId: 'crossing', at: [13.4, 52.5] });
    const far = { lngLat: [13.5, 52.5] as const, degreesPerPixel: perPixel * 100 };
    expect(chainPoint(network, far).nodeId).toBeUndefined();
    const step = chainStep(network, start, chainPoint(network, { lngLat: [13.4, 52.50031], degreesPerPixel: perPixel }))!;
    expect(step.mod).toMatchObject({ type: 'network/addLink', link: { fromId: 'crossing', toId: 'near' } });
  });
});
