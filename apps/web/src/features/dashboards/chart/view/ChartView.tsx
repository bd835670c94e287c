import { Text } from '@mantine/core';
import type { ChartViewProps } from '../types.ts';

/** First version: names the chart; the real view follows. */
export function ChartView({ chart, height }: ChartViewProps) {
  return (
    <Text h={height} c="dimmed">
      {chart.name}
    </Text>
  );
}
