/** The props the dashboard board uses to draw and edit chart panels (kept stable: the board compiles against them). */
import type { ChartItem } from '@corridor/contract';

export type ChartData = ChartItem['data'];
export interface ChartDatasetRef {
  name: string;
  id: number;
}
/** The part of an ECharts instance the board needs (Download PNG). */
export interface ChartImageSource {
  getDataURL(opts: { type: 'png' | 'jpeg'; pixelRatio?: number; backgroundColor?: string }): string;
}
export interface ChartViewProps {
  chart: ChartData;
  datasets: ChartDatasetRef[];
  height: number;
  theme?: 'light' | 'dark';
  onInstance?: (instance: ChartImageSource | null) => void;
}
export interface ChartEditorProps {
  groupId: number;
  initial: ChartData | null;
  datasets: ChartDatasetRef[];
  onSaved: (chart: ChartData & { id: number }, asNew: boolean) => void;
  onCancel: () => void;
  mode: 'overlay' | 'page';
}
