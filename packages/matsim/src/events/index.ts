export * from './model.ts';
export { buildEvent, eventBuilder } from './build.ts';
export * from './reader.ts';
export * from './writer.ts';
export * from './events-writer.ts';
