export type {
  ChainedDeparture,
  Departure,
  MinimalTransferTime,
  RouteStop,
  StopFacility,
  TransitLine,
  TransitRoute,
  TransitSchedule,
} from './model.ts';
export { emptyTransitSchedule } from './model.ts';
export { readTransitSchedule } from './reader.ts';
export { writeTransitSchedule } from './writer.ts';
