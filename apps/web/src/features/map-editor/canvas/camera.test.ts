import { describe, expect, it } from 'vitest';
import { clampBbox, formatCamera, initialCamera, nodeExtent, openingCamera, parseCamera, storedCamera } from './camera.ts';

const info = { centerLat: 52.5, centerLon: 13.4, zoom: 11 };

describe('camera in the address', () => {
  it('round-trips lat, lng and zoom', () => {
    const text = formatCamera({ lat: 47.376887, lng: 8.541694, zoom: 14.25 });
    expect(text).toBe('47.376887,8.541694,14.25');
    expect(parseCamera(text)).toEqual({ lat: 47.376887, lng: 8.541694, zoom: 14.25 });
  });

  it('ignores missing or broken values, and the network centre is used instead', () => {
    for (const value of [null, '', '1,2', '1,2,x', '91,0,3', '0,181,3', '0,0,30', ',1,2']) expect(parseCamera(value)).toBeUndefined();
    expect(initialCamera(new URLSearchParams('id=3&c=oops'), info)).toEqual({ lat: 52.5, lng: 13.4, zoom: 11 });
    expect(initialCamera(new URLSearchParams('id=3&c=1,2,3'), info)).toEqual({ lat: 1, lng: 2, zoom: 3 });
  });

  it('clamps the viewport to the world for the query', () => {
    expect(clampBbox(-200, -95, 190, 80)).toEqual([-180, -90, 180, 80]);
  });
});

describe('opening fitted to the network (issue 25)', () => {
  it('fits unless the address has a camera, starting one zoom level out', () => {
    expect(openingCamera(new URLSearchParams('id=3'), info)).toEqual({ camera: { lat: 52.5, lng: 13.4, zoom: 10 }, fit: true, placed: true });
    expect(openingCamera(new URLSearchParams('c=1,2,3'), info)).toEqual({ camera: { lat: 1, lng: 2, zoom: 3 }, fit: false, placed: true });
  });

  it('before network-info answers: zoom 3 on 0, 0, not placed (spec 2 §9); the address camera still wins', () => {
    expect(openingCamera(new URLSearchParams('id=3'), undefined)).toEqual({ camera: { lat: 0, lng: 0, zoom: 3 }, fit: true, placed: false });
    expect(openingCamera(new URLSearchParams('c=1,2,12'), undefined)).toEqual({ camera: { lat: 1, lng: 2, zoom: 12 }, fit: false, placed: true });
    expect(storedCamera(info)).toEqual({ lat: 52.5, lng: 13.4, zoom: 10 });
  });

  it('reads the extent of the loaded nodes', () => {
    expect(nodeExtent([])).toBeUndefined();
    expect(nodeExtent([{ lng: 13.1, lat: 52.6 }, { lng: 13.5, lat: 52.4 }])).toEqual([[13.1, 52.4], [13.5, 52.6]]);
  });
});
