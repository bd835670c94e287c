export * from './errors.ts';
export * from './io/input.ts';
export * from './xml/sax.ts';
export * from './xml/writer.ts';
export * from './common/attributes.ts';
export * from './common/numbers.ts';
export * from './common/time.ts';
