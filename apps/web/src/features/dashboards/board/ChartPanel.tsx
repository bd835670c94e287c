import type { ChartItem, DashboardVariable } from '@corridor/contract';
import { useComputedColorScheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type ChartImageSource, ChartView } from '../chart/index.ts';
import { panelDatasets } from './variables.ts';

/** A chart or table panel: ChartView over its variables' datasets (every variable when the chart compares). */
export function ChartPanel({ item, variables, onInstance }: { item: ChartItem; variables: DashboardVariable[]; onInstance: (instance: ChartImageSource | null) => void }) {
  const theme = useComputedColorScheme('light');
  const { ref, height } = useElementSize();
  const datasets = panelDatasets(item, variables).map(({ name, id }) => ({ name, id }));
  return (
    <div ref={ref} style={{ height: '100%', minHeight: 0 }}>
      {height > 0 && <ChartView chart={item.data} datasets={datasets} height={Math.floor(height)} theme={theme} onInstance={onInstance} />}
    </div>
  );
}
