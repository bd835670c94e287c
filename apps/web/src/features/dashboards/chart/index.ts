/** Charts of the dashboards feature (spec 3 §2.3): the view the board draws panels with, and the chart editor. */
export { ChartView } from './view/ChartView.tsx';
export { ChartEditor } from './editor/ChartEditor.tsx';
export type { ChartData, ChartDatasetRef, ChartEditorProps, ChartImageSource, ChartViewProps } from './types.ts';
export { chartPath } from './paths.ts';
