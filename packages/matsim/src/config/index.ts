export * from './model.ts';
export * from './reader.ts';
export * from './parse.ts';
export * from './writer.ts';
export * from './aliases.ts';
export * from './access.ts';
export * from './flat-sets.ts';
export * from './compare.ts';
