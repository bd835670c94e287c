/** The visualizer's colour and number styles: strategies, schemes, presets, bin rules, and their editors. */
export * from './types.ts';
export * from './color.ts';
export * from './schemes.ts';
export * from './apply.ts';
export * from './presets.ts';
export * from './bins.ts';
export * from './switchType.ts';
