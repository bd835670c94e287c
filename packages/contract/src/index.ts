export * from './constants.ts';
export * from './common.ts';
export * from './accounts.ts';
export * from './features.ts';
export * from './licenses.ts';
export * from './engine.ts';
export * from './datasets.ts';
export * from './groups.ts';
