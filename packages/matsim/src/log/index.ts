export * from './lines.ts';
export * from './summary.ts';
