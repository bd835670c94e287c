import { Button } from '@mantine/core';
import type { ChartEditorProps } from '../types.ts';

/** First version: Cancel only; the real editor follows. */
export function ChartEditor({ onCancel }: ChartEditorProps) {
  return <Button onClick={onCancel}>Cancel</Button>;
}
