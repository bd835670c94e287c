export * from './trips.ts';
export * from './stats.ts';
export * from './stopwatch.ts';
export * from './exports.ts';
