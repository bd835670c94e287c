/**
 * A line chart drawn by ECharts. Loaded lazily (React.lazy in RunCharts.tsx) so echarts stays out of the main
 * bundle. Follows the app's light/dark scheme and resizes with its container (window, navigation collapse;
 * debounced 200 ms, spec 1 §9).
 */
import { useComputedColorScheme } from '@mantine/core';
import { LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Aria: charts that enable it describe their series in the container's aria-label (the metrics dashboard does).
echarts.use([LineChart, AriaComponent, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const RESIZE_DEBOUNCE_MS = 200;

export default function EChart({ option, height }: { option: echarts.EChartsCoreOption; height: number }) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    if (!element.current) return undefined;
    const instance = echarts.init(element.current, scheme === 'dark' ? 'dark' : undefined);
    chart.current = instance;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => instance.resize(), RESIZE_DEBOUNCE_MS);
    };
    // The container follows the window and the navigation's collapse; both resize the chart.
    const observer = new ResizeObserver(onResize);
    observer.observe(element.current);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [scheme]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option, scheme]);

  return <div ref={element} style={{ width: '100%', height }} />;
}
