export * from './api.ts';
export { createVehicleDataBuilder, UNKNOWN_MODE } from './builder.ts';
export { windowRange } from './windows.ts';
export { encodeTrajectories } from './trajectories.ts';
export { decodeTrajectories } from './answer.ts';
export { linkVolumes, hoursOverlapping, HOUR_SECONDS } from './volumes.ts';
export { flowBundle } from './flow-bundle.ts';
export { modeMask } from './filters.ts';
export { segmentView, vehicleModeView, isStationary, linkOf, type SegmentView } from './segments.ts';
