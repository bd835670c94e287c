export * from './tags.ts';
export * from './sniff.ts';
