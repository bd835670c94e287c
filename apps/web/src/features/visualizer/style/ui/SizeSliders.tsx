import { Stack } from '@mantine/core';
import { TRAIL_LENGTH, TRAIL_WIDTH, VEHICLE_SIZE } from '../presets.ts';
import { LabelledSlider } from './LabelledSlider.tsx';
import { useStyleT } from './useStyleT.ts';

export interface Sizes {
  size: number;
  trailWidth: number;
  trailLength: number;
}

/** Vehicle size 0–30, and for trails their width 0–20 and length 0–100 (spec 3 §5). */
export function SizeSliders({ value, onChange, withTrail = true }: { value: Sizes; onChange: (next: Sizes) => void; withTrail?: boolean }) {
  const t = useStyleT();
  return (
    <Stack gap="sm">
      <LabelledSlider label={t('size')} value={value.size} min={VEHICLE_SIZE.min} max={VEHICLE_SIZE.max} onChange={(size) => onChange({ ...value, size })} />
      {withTrail && (
        <>
          <LabelledSlider label={t('trailWidth')} value={value.trailWidth} min={TRAIL_WIDTH.min} max={TRAIL_WIDTH.max} onChange={(trailWidth) => onChange({ ...value, trailWidth })} />
          <LabelledSlider label={t('trailLength')} value={value.trailLength} min={TRAIL_LENGTH.min} max={TRAIL_LENGTH.max} onChange={(trailLength) => onChange({ ...value, trailLength })} />
        </>
      )}
    </Stack>
  );
}
