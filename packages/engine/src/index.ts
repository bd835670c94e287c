export * from './demo/index.ts';
