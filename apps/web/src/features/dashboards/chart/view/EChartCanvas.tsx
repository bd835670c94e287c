/**
 * ECharts with every chart type the dashboards draw. Loaded lazily (React.lazy in ChartView) so echarts stays out of
 * the first page. Resizes with its container (debounced 200 ms, spec 1 §9); the theme is ECharts' dark one in the
 * dark scheme, its default otherwise (the option sets a transparent background so the panel's colour shows).
 */
import { BarChart, BoxplotChart, LineChart, PieChart, RadarChart, ScatterChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, PolarComponent, RadarComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ChartImageSource } from '../types.ts';

echarts.use([
  BarChart,
  BoxplotChart,
  LineChart,
  PieChart,
  RadarChart,
  ScatterChart,
  AriaComponent,
  GridComponent,
  LegendComponent,
  PolarComponent,
  RadarComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

const RESIZE_DEBOUNCE_MS = 200;

export interface EChartCanvasProps {
  option: Record<string, unknown>;
  height: number;
  theme: 'light' | 'dark';
  onInstance?: (instance: ChartImageSource | null) => void;
}

export default function EChartCanvas({ option, height, theme, onInstance }: EChartCanvasProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const reportInstance = useRef(onInstance);
  reportInstance.current = onInstance;

  useEffect(() => {
    if (!element.current) return undefined;
    const instance = echarts.init(element.current, theme === 'dark' ? 'dark' : undefined);
    chart.current = instance;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => instance.resize(), RESIZE_DEBOUNCE_MS);
    });
    observer.observe(element.current);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      reportInstance.current?.(null);
      instance.dispose();
      chart.current = null;
    };
  }, [theme]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.setOption(option, { notMerge: true });
    reportInstance.current?.(instance);
  }, [option, theme]);

  return <div ref={element} data-chart-drawn="true" style={{ width: '100%', height }} />;
}
