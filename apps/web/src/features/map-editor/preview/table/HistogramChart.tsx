/**
 * The histogram's bars drawn by ECharts with an x brush always on (the brush filters, there is no toolbox).
 * ECharts is imported here only, inside the editor's lazy chunk.
 */
import { useComputedColorScheme } from '@mantine/core';
import { BarChart } from 'echarts/charts';
import { BrushComponent, GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, BrushComponent, GridComponent, TooltipComponent, CanvasRenderer]);

interface HistogramChartProps {
  labels: readonly string[];
  counts: readonly number[];
  height: number;
  seriesName: string;
  /** Bumped to clear the brush from outside (Clear Filter). */
  clearSeq: number;
  /** The brushed bar indexes, or null when the brush was removed. */
  onBrush: (bins: ReadonlySet<number> | null) => void;
}

interface BrushSelectedEvent {
  batch?: { areas?: unknown[]; selected?: { dataIndex?: number[] }[] }[];
}

const BRUSH = { brushType: 'lineX', brushMode: 'single' } as const;

export default function HistogramChart({ labels, counts, height, seriesName, clearSeq, onBrush }: HistogramChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const onBrushRef = useRef(onBrush);
  onBrushRef.current = onBrush;
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    if (!element.current) return undefined;
    const instance = echarts.init(element.current, scheme === 'dark' ? 'dark' : undefined);
    chart.current = instance;
    instance.on('brushSelected', (params) => {
      const batch = (params as BrushSelectedEvent).batch?.[0];
      if (!batch?.areas?.length) return onBrushRef.current(null);
      onBrushRef.current(new Set(batch.selected?.[0]?.dataIndex ?? []));
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [scheme]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.setOption(
      {
        backgroundColor: 'transparent',
        grid: { left: 40, right: 12, top: 12, bottom: 28 },
        tooltip: { trigger: 'axis' },
        brush: { xAxisIndex: 0, ...BRUSH, throttleType: 'debounce', throttleDelay: 200 },
        xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ type: 'bar', name: seriesName, data: counts, barCategoryGap: '5%' }],
      },
      { notMerge: true },
    );
    // Keep the brush cursor on so dragging over the chart brushes without a toolbox button.
    instance.dispatchAction({ type: 'takeGlobalCursor', key: 'brush', brushOption: BRUSH });
  }, [labels, counts, seriesName, scheme]);

  useEffect(() => {
    if (clearSeq > 0) chart.current?.dispatchAction({ type: 'brush', areas: [] });
  }, [clearSeq]);

  return <div ref={element} data-testid="link-histogram" style={{ width: '100%', height }} />;
}
