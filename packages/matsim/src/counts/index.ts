export type {
  Counts,
  CountStation,
  CountsV1,
  CountsV2,
  HourlyVolume,
  Measurable,
  MeasuredValue,
  MeasurementLocation,
} from './model.ts';
export { readCounts } from './reader.ts';
export { writeCounts } from './writer.ts';
