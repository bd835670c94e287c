export * from './kinds.ts';
export * from './model.ts';
export * from './reader.ts';
export * from './stats.ts';
export * from './records.ts';
