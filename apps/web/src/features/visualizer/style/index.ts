/** The visualizer's colour and number styles: strategies, schemes, presets, bin rules, and their editors. */
export * from './types.ts';
export * from './color.ts';
export * from './schemes.ts';
export * from './apply.ts';
export * from './presets.ts';
export * from './bins.ts';
export * from './switchType.ts';
export { ColorStrategyEditor, type ColorStrategyEditorProps } from './ui/ColorStrategyEditor.tsx';
export { NumberStrategyEditor, type NumberStrategyEditorProps } from './ui/NumberStrategyEditor.tsx';
export { BinListEditor, type BinListEditorProps } from './ui/BinListEditor.tsx';
export { SchemePicker } from './ui/SchemePicker.tsx';
export { SchemePreview } from './ui/SchemePreview.tsx';
export { SizeSliders, type Sizes } from './ui/SizeSliders.tsx';
export { HexColorInput } from './ui/HexColorInput.tsx';
export { LabelledSlider } from './ui/LabelledSlider.tsx';
