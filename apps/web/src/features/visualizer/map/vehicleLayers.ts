/**
 * The vehicle layer drawn by deck.gl from typed arrays (spec 3 §4 "Vehicle layer"): trails as a TripsLayer over
 * the loaded points (binary: start indices, positions, timestamps, colours per point, made once per load), or the
 * shapes disc, donut (ScatterplotLayer), box, sphere, pyramid (SimpleMeshLayer) at the positions interpolated each
 * frame into reused arrays. Standing vehicles show as disc, donut (ScatterplotLayer) or sphere (SimpleMeshLayer,
 * radius 10 m) in their own colour when chosen; each layer sizes them in its own reused array.
 */
import type { Layer as DeckLayer } from '@deck.gl/core';
import { TripsLayer } from '@deck.gl/geo-layers';
import { ScatterplotLayer } from '@deck.gl/layers';
import { SimpleMeshLayer } from '@deck.gl/mesh-layers';
import { ConeGeometry, CubeGeometry, SphereGeometry } from '@luma.gl/engine';
import type { DecodedTrajectories } from '@corridor/trajectories';
import type { Frame } from '../model/interpolate.ts';
import type { VehicleStyle } from '../model/layers.ts';
import { BOX_SIZE_M, DISC_RADIUS_M, vehicleScale } from '../model/scale.ts';
import { parseHex } from '../style/color.ts';

/** What a load gives the layer: the decoded points, split once for the TripsLayer, and a colour per point. */
export interface VehicleData {
  data: DecodedTrajectories;
  positions: Float32Array;
  timestamps: Float32Array;
  /** RGBA per point. */
  colors: Uint8Array;
}

export function vehicleData(data: DecodedTrajectories, colors: Uint8Array): VehicleData {
  const total = data.points.length / 4;
  const positions = new Float32Array(total * 2);
  const timestamps = new Float32Array(total);
  for (let i = 0; i < total; i++) {
    positions[i * 2] = data.points[i * 4]!;
    positions[i * 2 + 1] = data.points[i * 4 + 1]!;
    timestamps[i] = data.points[i * 4 + 2]!;
  }
  return { data, positions, timestamps, colors };
}

/**
 * The TripsLayer's binary data of a load, made once per load (and per recolouring, which makes a new VehicleData):
 * deck.gl compares `data` by identity, and a new object each frame would rebuild every trail's geometry per frame.
 */
type TripsData = { length: number; startIndices: Int32Array; attributes: Record<string, { value: Float32Array | Uint8Array; size: number; normalized?: boolean }> };
const tripsData = new WeakMap<VehicleData, TripsData>();
function tripsDataOf(loaded: VehicleData): TripsData {
  let data = tripsData.get(loaded);
  if (!data) {
    data = {
      length: loaded.data.paths,
      startIndices: loaded.data.startIndices,
      attributes: {
        getPath: { value: loaded.positions, size: 2 },
        getTimestamps: { value: loaded.timestamps, size: 1 },
        getColor: { value: loaded.colors, size: 4, normalized: true },
      },
    };
    tripsData.set(loaded, data);
  }
  return data;
}

/** Per-frame colours, one RGBA per drawn vehicle, in an array reused while it is big enough. */
export interface FrameColors {
  moving: Uint8Array;
}

export function frameColors(target: FrameColors | null, frame: Frame, pointColors: Uint8Array): FrameColors {
  const colors = target && target.moving.length >= frame.count * 4 ? target : { moving: new Uint8Array(Math.max(frame.count, 1) * 8) };
  for (let i = 0; i < frame.count; i++) {
    const from = frame.points[i]! * 4;
    colors.moving[i * 4] = pointColors[from]!;
    colors.moving[i * 4 + 1] = pointColors[from + 1]!;
    colors.moving[i * 4 + 2] = pointColors[from + 2]!;
    colors.moving[i * 4 + 3] = pointColors[from + 3]!;
  }
  return colors;
}

const MESHES = {
  box: new CubeGeometry(),
  sphere: new SphereGeometry({ radius: 1, nlat: 8, nlong: 12 }),
  pyramid: new ConeGeometry({ radius: 1, height: 2, nradial: 4, cap: true }),
};

export interface VehicleDrawing {
  id: string;
  visible: boolean;
  style: VehicleStyle;
  loaded: VehicleData;
  frame: Frame;
  colors: FrameColors;
  time: number;
  zoom: number;
  /** A number that changes every frame (deck.gl's update trigger for the reused arrays). */
  version: number;
  /** This layer's reused arrays for the standing vehicles (never shared between layers). */
  scratch: StandingScratch;
}

export interface StandingScratch {
  sizes: Float32Array;
}

export const createStandingScratch = (): StandingScratch => ({ sizes: new Float32Array(0) });

interface Shape {
  id: string;
  type: Exclude<VehicleStyle['type'], 'trail'>;
  visible: boolean;
  frame: Frame;
  colors: Uint8Array;
  scale: number;
  version: number;
}

function shapeLayer({ id, type, visible, frame, colors, scale, version }: Shape): DeckLayer {
  const color = { value: colors, size: 4, normalized: true };
  if (type === 'disc' || type === 'donut') {
    return new ScatterplotLayer({
      id,
      visible,
      data: { length: frame.count, attributes: { getPosition: { value: frame.positions, size: 3 }, getFillColor: color, getLineColor: color } },
      radiusUnits: 'meters',
      getRadius: DISC_RADIUS_M * scale,
      radiusMinPixels: 2,
      filled: type === 'disc',
      stroked: type === 'donut',
      lineWidthUnits: 'meters',
      getLineWidth: DISC_RADIUS_M * scale * 0.4,
      lineWidthMinPixels: 1,
      updateTriggers: { getPosition: version, getFillColor: version, getLineColor: version },
    });
  }
  const size = type === 'box' ? BOX_SIZE_M.map((side) => (side / 2) * scale) : [DISC_RADIUS_M * scale, DISC_RADIUS_M * scale, DISC_RADIUS_M * scale];
  return new SimpleMeshLayer({
    id,
    visible,
    mesh: MESHES[type],
    data: {
      length: frame.count,
      attributes: {
        getPosition: { value: frame.positions, size: 3 },
        getColor: color,
      },
    },
    getScale: size as [number, number, number],
    // Turned along the heading: yaw is the second of pitch, yaw, roll (degrees).
    getOrientation: (_: unknown, { index, target }: { index: number; target: number[] }) => {
      target[0] = 0;
      target[1] = frame.headings[index] ?? 0;
      target[2] = 90;
      return target as unknown as [number, number, number];
    },
    updateTriggers: { getPosition: version, getColor: version, getOrientation: version },
  });
}

export function vehicleLayers({ id, visible, style, loaded, frame, colors, time, zoom, version, scratch }: VehicleDrawing): DeckLayer[] {
  const scale = vehicleScale(zoom, style.size);
  const layers: DeckLayer[] = [];
  if (style.type === 'trail') {
    layers.push(
      new TripsLayer({
        id: `${id}-trails`,
        visible,
        data: tripsDataOf(loaded),
        currentTime: time,
        trailLength: style.trailLength,
        widthUnits: 'pixels',
        getWidth: style.trailWidth,
        widthMinPixels: 1,
        fadeTrail: true,
        capRounded: true,
        jointRounded: true,
        _pathType: 'open',
      }),
    );
  } else {
    layers.push(shapeLayer({ id: `${id}-shapes`, type: style.type, visible, frame, colors: colors.moving, scale, version }));
  }
  if (style.showStationary) {
    const grey = parseHex(style.stationaryColor);
    layers.push(stationaryLayer({ id: `${id}-standing`, style, visible, frame, color: grey, scale, version, scratch }));
  }
  return layers;
}

interface Standing {
  id: string;
  style: VehicleStyle;
  visible: boolean;
  frame: Frame;
  color: readonly number[];
  scale: number;
  version: number;
  scratch: StandingScratch;
}

/** Standing vehicles drawn over the others in the stationary colour (the others' shapes hide under them). */
function stationaryLayer({ id, style, visible, frame, color, scale, version, scratch }: Standing): DeckLayer {
  const rgba = color as [number, number, number, number];
  const radius = DISC_RADIUS_M * scale;
  if (style.stationaryType === 'sphere') {
    return new SimpleMeshLayer({
      id,
      visible,
      mesh: MESHES.sphere,
      data: { length: frame.count, attributes: { getPosition: { value: frame.positions, size: 3 }, getScale: { value: standingSizes(scratch, frame, radius, 3), size: 3 } } },
      getColor: rgba,
      updateTriggers: { getPosition: version, getScale: version },
    });
  }
  return new ScatterplotLayer({
    id,
    visible,
    data: { length: frame.count, attributes: { getPosition: { value: frame.positions, size: 3 }, getRadius: { value: standingSizes(scratch, frame, radius, 1), size: 1 } } },
    getFillColor: rgba,
    getLineColor: rgba,
    radiusUnits: 'meters',
    filled: style.stationaryType !== 'donut',
    stroked: style.stationaryType === 'donut',
    lineWidthUnits: 'meters',
    getLineWidth: radius * 0.4,
    lineWidthMinPixels: 1,
    updateTriggers: { getPosition: version, getRadius: version },
  });
}

/**
 * Size per drawn vehicle (`components` numbers each: 1 for a circle's radius, 3 for a mesh's x/y/z scale): the
 * radius for standing ones, 0 (not drawn) for moving ones. Written into the layer's own array, grown when too small.
 */
export function standingSizes(scratch: StandingScratch, frame: Frame, radius: number, components: 1 | 3): Float32Array {
  const needed = frame.count * components;
  if (scratch.sizes.length < needed) scratch.sizes = new Float32Array(Math.max(needed * 2, 1024));
  const sizes = scratch.sizes;
  for (let i = 0; i < frame.count; i++) {
    const size = frame.stationary[i] ? radius : 0;
    for (let c = 0; c < components; c++) sizes[i * components + c] = size;
  }
  return sizes;
}
