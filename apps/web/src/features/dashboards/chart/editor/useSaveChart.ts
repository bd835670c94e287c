/**
 * Save of the chart editor (spec 3 §4, §7): the preview image is taken 1 s after the preview rendered (ECharts
 * jpeg, scaled to 500×350), then POST /datasets/charts for a new chart (or Save as New) or PUT for an existing one.
 */
import { CHART_LIMITS, type Chart } from '@corridor/contract';
import { useRef, useState } from 'react';
import { createChart, saveChart } from '../../../../api/charts.ts';
import type { ChartData, ChartImageSource } from '../types.ts';
import { previewImage } from './previewImage.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useSaveChart(onSaved: (chart: ChartData & { id: number }, asNew: boolean) => void) {
  const instance = useRef<ChartImageSource | null>(null);
  const readyAt = useRef<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** ChartView's instance (null while not drawn); the time it drew starts the 1 s wait. */
  const onInstance = (next: ChartImageSource | null) => {
    instance.current = next;
    readyAt.current = next ? Date.now() : null;
  };

  const save = async (chart: Chart, asNew: boolean, dark: boolean) => {
    setSaving(true);
    setError(null);
    try {
      const waited = readyAt.current === null ? 0 : Date.now() - readyAt.current;
      if (instance.current && waited < CHART_LIMITS.previewDelayMs) await sleep(CHART_LIMITS.previewDelayMs - waited);
      const previewImg = await previewImage(instance.current, dark).catch(() => null);
      const { id: _old, ...rest } = chart;
      const body = { chart: asNew || chart.id === undefined ? rest : chart, previewImg };
      const id = asNew || chart.id === undefined ? await createChart(body) : (await saveChart(chart.id, body), chart.id);
      onSaved({ ...chart, id }, asNew);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return { onInstance, save, saving, error };
}
