/** What the visualizer's parts share: the view and its dispatch, the clock, the drawings, each source's options. */
import type { DataSourceOptions, RunSummary } from '@corridor/contract';
import { createContext, useContext, useSyncExternalStore, type Dispatch } from 'react';
import type { Drawings } from '../map/drawings.ts';
import type { Clock, ClockState } from '../model/clock.ts';
import type { View, ViewAction } from '../model/layers.ts';

export interface SourceInfo {
  runId: number;
  options: DataSourceOptions | undefined;
  error: Error | null;
  run: RunSummary | undefined;
}

export interface Visualizer {
  view: View;
  dispatch: Dispatch<ViewAction>;
  clock: Clock;
  drawings: Drawings;
  /** By data source id. */
  sources: ReadonlyMap<string, SourceInfo>;
}

export const VisualizerContext = createContext<Visualizer | null>(null);

export function useVisualizer(): Visualizer {
  const value = useContext(VisualizerContext);
  if (!value) throw new Error('useVisualizer outside the visualizer');
  return value;
}

/** A value derived from the clock; the component renders again only when it changes. */
export function useClockValue<T>(clock: Clock, select: (state: ClockState) => T): T {
  return useSyncExternalStore(clock.subscribe, () => select(clock.get()));
}
