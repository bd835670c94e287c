export * from './params.ts';
export * from './experienced.ts';
export * from './score.ts';
