/**
 * The timeline (spec 3 §4 "Time control", §9): play or stop, a slider 0–86400 s with hour ticks, the time as
 * HH:MM:SS and the speed (0.1× to 300×, 30× by default). It renders with the clock, the rest of the page does not.
 */
import { ActionIcon, Group, Paper, Select, Slider, Text } from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { VIS_DAY_SECONDS, VIS_SPEEDS } from '@corridor/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { VISUALIZER_NS } from '../i18n/index.ts';
import { formatClock, hourTicks } from '../model/time.ts';
import { useClockValue, useVisualizer } from '../state/context.ts';

export function Timeline() {
  const { t } = useTranslation(VISUALIZER_NS);
  const { clock } = useVisualizer();
  const second = useClockValue(clock, (state) => Math.floor(state.time));
  const playing = useClockValue(clock, (state) => state.playing);
  const speedIndex = useClockValue(clock, (state) => state.speedIndex);
  const marks = useMemo(() => hourTicks(), []);

  return (
    <Paper withBorder p="xs" radius={0} role="group" aria-label={t('page.timeline.label')}>
      <Group gap="md" wrap="nowrap" align="center">
        <ActionIcon
          size="lg"
          aria-label={t(playing ? 'page.timeline.stop' : 'page.timeline.play')}
          onClick={() => clock.set({ playing: !playing })}
        >
          {playing ? <IconPlayerStopFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
        </ActionIcon>
        <Text ff="monospace" size="sm" w={72} aria-label={t('page.timeline.time')} data-testid="visualizer-clock">
          {formatClock(second)}
        </Text>
        <Slider
          style={{ flex: 1 }}
          min={0}
          max={VIS_DAY_SECONDS}
          step={1}
          marks={marks}
          value={second}
          onChange={(value) => clock.set({ time: value })}
          label={formatClock}
          thumbLabel={t('page.timeline.time')}
          mb="md"
        />
        <Select
          size="xs"
          w={90}
          aria-label={t('page.timeline.speed')}
          data={VIS_SPEEDS.map((speed, index) => ({ value: String(index), label: t('page.timeline.speedValue', { speed }) }))}
          value={String(speedIndex)}
          onChange={(value) => value !== null && clock.set({ speedIndex: Number(value) })}
          allowDeselect={false}
        />
      </Group>
    </Paper>
  );
}
